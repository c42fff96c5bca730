import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildIdp, buildOwner } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { minimalImport } from '../support/requests.js';

const MANAGEMENT = 'identity.management.v1.ManagementService';
const PATH = '/management/v1/users/human/_import-batch';
const BCRYPT = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;

/**
 * ImportHumanUsers: each user answered in its place (its user, the user its externalId found, or
 * its own error), one bad user never failing the others, written together.
 */
describeOnEachDatabase('ImportHumanUsers', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  before(async () => {
    owner = await buildOwner(service);
  });
  const batch = (body: object, token = owner.token) => service.call('POST', PATH, { token, body });
  const unique = () => Math.random().toString(36).slice(2, 8);

  it('answers every user in its place, and writes only the good ones', async () => {
    const run = unique();
    const earlier = await service.importUser(
      { ...minimalImport(`earlier-${run}`), externalId: `kc:${run}:0` },
      { token: owner.token },
    );
    const { idpId } = await buildIdp(service, { orgId: owner.orgId });
    const users = [
      {
        ...minimalImport(`alice-${run}`),
        externalId: `kc:${run}:1`,
        hashedPassword: { value: BCRYPT.encoded },
        idps: [{ configId: idpId, externalUserId: `a-${run}` }],
      },
      { userName: `nobody-${run}`, email: { email: 'n@example.com' } },
      { ...minimalImport(`EARLIER-${run}`), externalId: `kc:${run}:2` },
      { ...minimalImport(`earlier-again-${run}`), externalId: `kc:${run}:0` },
      { ...minimalImport(`Alice-${run}`) },
      { ...minimalImport(`alice-copy-${run}`), externalId: `kc:${run}:1` },
      { ...minimalImport(`ghost-${run}`), idps: [{ configId: 'nope', externalUserId: 'g' }] },
      { ...minimalImport(`henry-${run}`), requestPasswordlessRegistration: true },
    ];
    const eventsBefore = await service.count('events');
    const answer = await batch({ users });
    expect(answer.status, answer.text).to.equal(200);
    const { results } = answer.body;
    expect(results).to.have.length(users.length);
    const [alice, nobody, taken, again, sameName, sameExternal, ghost, henry] = results;
    expect(alice).to.have.keys('userId');
    expect(nobody.error).to.deep.include({ code: 3, id: 'REQUEST-INVALID' });
    expect(nobody.error.fieldViolations).to.deep.equal([
      { field: 'profile', description: 'is required' },
    ]);
    expect(taken.error).to.deep.include({ code: 6, id: 'USER-ALREADY-EXISTS' });
    expect(again).to.deep.equal({ userId: earlier.body.userId, alreadyExisted: true });
    expect(sameName.error.id).to.equal('USER-ALREADY-EXISTS');
    expect(sameExternal).to.deep.equal({ userId: alice.userId, alreadyExisted: true });
    expect(ghost.error).to.deep.include({ code: 9, id: 'IDP-CONFIG-NOT-FOUND' });
    expect(henry.passwordlessRegistration.link).to.contain(`userID=${henry.userId}`);

    const made = await service.dataSource.query(
      'SELECT user_name, external_id, password_hash FROM users WHERE user_name LIKE ? ORDER BY user_name',
      [`%-${run}`],
    );
    expect(made.map((row: { user_name: string }) => row.user_name)).to.deep.equal([
      `alice-${run}`,
      `earlier-${run}`,
      `henry-${run}`,
    ]);
    expect(made[0]).to.include({ external_id: `kc:${run}:1`, password_hash: BCRYPT.encoded });
    const events = await service.events(alice.userId);
    expect(events.map((event) => event.type)).to.deep.equal([
      'user.human.added',
      // A password and an unverified email: the email's verification link is asked for.
      'user.human.email.code.requested',
      'user.human.password.set',
      'user.idp.link.added',
    ]);
    expect(await service.count('events')).to.equal(eventsBefore + 4 + 2);
    const positions = (await service.events(henry.userId)).map((event) => BigInt(event.position));
    expect(answer.body.details.sequence).to.equal(
      String(
        [...positions, ...events.map((e) => BigInt(e.position))].reduce((a, b) => (a > b ? a : b)),
      ),
    );
  });

  it('asks the worker for no initialization email when told so', async () => {
    const run = unique();
    const answer = await batch({
      users: [minimalImport(`quiet-${run}`)],
      sendInitializationEmail: false,
    });
    const [added] = await service.events(answer.body.results[0].userId);
    expect(added!.payload).to.include({
      initializationRequired: true,
      sendInitializationEmail: false,
    });
  });

  it('answers the same over gRPC and gRPC-web, and refuses an empty or oversized batch', async () => {
    for (const call of [service.grpc.bind(service), service.grpcWeb.bind(service)]) {
      const run = unique();
      const outcome = await call(
        MANAGEMENT,
        'ImportHumanUsers',
        {
          users: [minimalImport(`g-${run}`), { ...minimalImport(`blank-${run}`), userName: '' }],
        },
        { token: owner.token },
      );
      expect(outcome.code, outcome.message).to.equal(0);
      expect(outcome.response.results[0].userId).to.be.a('string');
      expect(outcome.response.results[1].error).to.deep.include({ code: 3, id: 'REQUEST-INVALID' });
      expect(outcome.response.results[1].error.fieldViolations).to.deep.equal([
        { field: 'userName', description: 'must not be empty or blank' },
      ]);
    }
    for (const users of [[], Array.from({ length: 1001 }, () => ({}))]) {
      const refused = await batch({ users });
      expect(refused.status).to.equal(400);
      expect(refused.text).to.contain('"field":"users"');
    }
  });

  it('makes each externalId one user when batches race, answering it to each', async () => {
    const run = unique();
    const users = Array.from({ length: 20 }, (_, i) => ({
      ...minimalImport(`race-${run}-${i}`),
      externalId: `race:${run}:${i}`,
    }));
    const answers = await Promise.all([batch({ users }), batch({ users }), batch({ users })]);
    for (const answer of answers) expect(answer.status, answer.text).to.equal(200);
    for (let i = 0; i < users.length; i++) {
      const ids = new Set(answers.map((answer) => answer.body.results[i].userId));
      expect(
        ids.size,
        `user ${i}: ${JSON.stringify(answers.map((a) => a.body.results[i]))}`,
      ).to.equal(1);
    }
    expect(await service.count('users', 'external_id LIKE ?', [`race:${run}:%`])).to.equal(20);
  });
});
