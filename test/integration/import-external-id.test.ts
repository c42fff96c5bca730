import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';

const MANAGEMENT = 'identity.management.v1.ManagementService';

/**
 * ImportHumanUser's externalId: unique in the organization, so a retried or resumed import
 * answers the user it made (alreadyExisted) and creates nothing, alone or racing.
 */
describeOnEachDatabase('ImportHumanUser with an externalId', (service) => {
  let owner: { orgId: string; userId: string; token: string };

  before(async () => {
    owner = await buildOwner(service);
  });

  const importAs = (token: string, userName: string, externalId: string) =>
    service.importUser({ ...minimalImport(userName), externalId }, { token });

  it('answers the user it made when the externalId comes again, creating nothing', async () => {
    const first = await importAs(owner.token, 'kc-alice', 'kc:1001');
    expect(first.status, first.text).to.equal(200);
    expect(first.body).to.not.have.property('alreadyExisted');
    const [added] = await service.events(first.body.userId);
    expect(added!.payload).to.include({ userName: 'kc-alice', externalId: 'kc:1001' });
    const events = await service.count('events');

    // The same externalId with other data (a resumed migration's replay): the first user.
    const again = await importAs(owner.token, 'kc-alice-2', 'kc:1001');
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.deep.include({ userId: first.body.userId, alreadyExisted: true });
    expect(again.body.details).to.deep.equal(first.body.details);
    expect(await service.count('events')).to.equal(events);
    expect(await service.count('users', 'user_name = ?', ['kc-alice-2'])).to.equal(0);

    // Kept exactly as given, per organization.
    expect((await importAs(owner.token, 'kc-alice-3', 'KC:1001')).body).to.not.have.property(
      'alreadyExisted',
    );
    const elsewhere = await buildOwner(service);
    const other = await importAs(elsewhere.token, 'kc-alice-other', 'kc:1001');
    expect(other.body.userId).to.not.equal(first.body.userId);
    expect(other.body).to.not.have.property('alreadyExisted');
  });

  it('makes one user when imports with the same externalId race, answering it to each', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => importAs(owner.token, `racer-${i}`, 'race:1')),
    );
    for (const answer of answers) expect(answer.status, answer.text).to.equal(200);
    const ids = new Set(answers.map((answer) => answer.body.userId));
    expect(ids.size).to.equal(1);
    expect(answers.filter((answer) => !answer.body.alreadyExisted)).to.have.length(1);
    expect(await service.count('users', 'external_id = ?', ['race:1'])).to.equal(1);
  });

  it('says alreadyExisted over gRPC too, and refuses an empty or overlong externalId', async () => {
    const request = { ...minimalImport('grpc-bob'), externalId: 'grpc:7' };
    const made = await service.grpc(MANAGEMENT, 'ImportHumanUser', request, {
      token: owner.token,
    });
    expect(made.code, made.message).to.equal(0);
    const again = await service.grpc(MANAGEMENT, 'ImportHumanUser', request, {
      token: owner.token,
    });
    expect(again.response).to.deep.include({ userId: made.response.userId, alreadyExisted: true });
    for (const externalId of ['', 'x'.repeat(201)]) {
      const refused = await importAs(owner.token, `bad-${externalId.length}`, externalId);
      expect(refused.status).to.equal(400);
      const badRequest = refused.body.details.find((detail: { '@type': string }) =>
        detail['@type'].endsWith('google.rpc.BadRequest'),
      );
      expect(badRequest.fieldViolations.map((v: { field: string }) => v.field)).to.deep.equal([
        'externalId',
      ]);
    }
  });
});
