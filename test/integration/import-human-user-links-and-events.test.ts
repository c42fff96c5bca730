/** Import, continued: identity provider links, the passwordless link, the events, foreign hashes. */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { User, UserCode, UserIdpLink } from '../../shared/db/entities/index.js';
import { matchesPasswordHash } from '../../services/api/credentials/password-hash.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { buildIdp, buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { minimalImport } from '../support/requests.js';

describeOnEachDatabase('Create/Import User (Human) over HTTP', (service) => {
  let owner: { orgId: string; token: string };

  before(async () => {
    owner = await buildOwner(service);
  });

  it('links identity providers of the organization', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const response = await service.importUser(
      {
        ...minimalImport('brokered'),
        idps: [{ configId: idp, externalUserId: 'ext-1', displayName: 'Ada at IdP' }],
      },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    const links = await service.dataSource
      .getRepository(UserIdpLink)
      .findBy({ userId: response.body.userId });
    expect(
      links.map(({ configId, externalUserId, displayName }) => ({
        configId,
        externalUserId,
        displayName,
      })),
    ).to.deep.equal([{ configId: idp, externalUserId: 'ext-1', displayName: 'Ada at IdP' }]);
    const linked = (await service.events(response.body.userId)).filter(
      (event) => event.type === 'user.idp.link.added',
    );
    expect(linked.map((event) => event.payload)).to.deep.equal([
      { configId: idp, externalUserId: 'ext-1', displayName: 'Ada at IdP' },
    ]);
  });

  it('refuses an identity provider of another organization or none at all', async () => {
    const other = await buildOwner(service);
    const foreignIdp = (await buildIdp(service, { orgId: other.orgId })).idpId;
    const ownIdp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const response = await service.importUser(
      {
        ...minimalImport('foreign-idp'),
        idps: [
          { configId: ownIdp, externalUserId: 'x' },
          { configId: foreignIdp, externalUserId: 'y' },
          { configId: 'nope', externalUserId: 'z' },
        ],
      },
      { token: owner.token },
    );
    expect(response.status).to.equal(400);
    expect(response.body.code).to.equal(9);
    expect(response.body.message).to.equal(
      'no identity provider of the organization or of the instance matches idps[1].configId, idps[2].configId',
    );
    expect(response.body.details.at(-1).id).to.equal('IDP-CONFIG-NOT-FOUND');
    expect(await service.count('users', 'user_name = ?', ['foreign-idp'])).to.equal(0);
  });

  it('keeps (configId, externalUserId) unique', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    expect(
      (
        await service.importUser(
          { ...minimalImport('link-1'), idps: [{ configId: idp, externalUserId: 'same' }] },
          { token: owner.token },
        )
      ).status,
    ).to.equal(200);
    const taken = await service.importUser(
      { ...minimalImport('link-2'), idps: [{ configId: idp, externalUserId: 'same' }] },
      { token: owner.token },
    );
    expect(taken.status).to.equal(409);
    expect(taken.body.details.at(-1).id).to.equal('USER-IDP-LINK-ALREADY-EXISTS');
    const repeated = await service.importUser(
      {
        ...minimalImport('link-3'),
        idps: [
          { configId: idp, externalUserId: 'twice' },
          { configId: idp, externalUserId: 'twice' },
        ],
      },
      { token: owner.token },
    );
    expect(repeated.status).to.equal(400);
    expect(repeated.body.details[0].fieldViolations).to.deep.equal([
      { field: 'idps[1]', description: 'links the same configId and externalUserId as idps[0]' },
    ]);
  });

  it('returns a passwordless registration link whose code is stored only as a hash', async () => {
    const before = Date.now();
    const response = await service.importUser(
      { ...minimalImport('passkey'), requestPasswordlessRegistration: true },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    const { userId, passwordlessRegistration } = response.body;
    expect(passwordlessRegistration.lifetime).to.equal('3600s');
    const expiration = Date.parse(passwordlessRegistration.expiration);
    expect(expiration - before).to.be.within(3600_000 - 5000, 3600_000 + 5000);
    const link = new URL(passwordlessRegistration.link);
    expect(`${link.origin}${link.pathname}`).to.equal('http://id.test/ui/login/passwordless/init');
    expect(link.searchParams.get('userID')).to.equal(userId);
    expect(link.searchParams.get('orgID')).to.equal(owner.orgId);
    const code = link.searchParams.get('code')!;
    const stored = await service.dataSource
      .getRepository(UserCode)
      .findOneByOrFail({ id: link.searchParams.get('codeID')! });
    expect(stored.kind).to.equal('passwordless_registration');
    expect(stored.codeHash.equals(createHash('sha256').update(code).digest())).to.equal(true);
    expect(stored.expiresAt.getTime()).to.equal(expiration);
    const added = (await service.events(userId)).find(
      (event) => event.type === 'user.human.passwordless.code.added',
    )!;
    expect(added.payload).to.deep.equal({
      codeId: stored.id,
      expiration: passwordlessRegistration.expiration,
    });
    const without = await service.importUser(minimalImport('no-passkey'), { token: owner.token });
    expect(without.body).to.not.have.property('passwordlessRegistration');
  });

  describe('events and the initialization email', () => {
    const cases: {
      name: string;
      body: Record<string, unknown>;
      types: string[];
      initializationRequired: boolean;
    }[] = [
      {
        name: 'unverified email, no password',
        body: {},
        types: ['user.human.added'],
        initializationRequired: true,
      },
      {
        name: 'verified email, no password',
        body: { email: { email: 'v@example.com', isEmailVerified: true } },
        types: ['user.human.added', 'user.human.email.verified'],
        initializationRequired: true,
      },
      {
        // The password signs in: the email's verification link is asked for, not initialization.
        name: 'unverified email, password',
        body: { password: 'Sup3r-secret!' },
        types: ['user.human.added', 'user.human.email.code.requested', 'user.human.password.set'],
        initializationRequired: false,
      },
      {
        name: 'verified email, hashed password',
        body: {
          email: { email: 'v@example.com', isEmailVerified: true },
          hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
        },
        types: ['user.human.added', 'user.human.email.verified', 'user.human.password.set'],
        initializationRequired: false,
      },
      {
        name: 'everything at once',
        body: {
          email: { email: 'v@example.com', isEmailVerified: true },
          phone: { phone: '+41791234567', isPhoneVerified: true },
          password: 'Sup3r-secret!',
          otpCode: 'JBSWY3DPEHPK3PXP',
          requestPasswordlessRegistration: true,
        },
        types: [
          'user.human.added',
          'user.human.email.verified',
          'user.human.phone.verified',
          'user.human.password.set',
          'user.human.otp.added',
          'user.human.passwordless.code.added',
        ],
        initializationRequired: false,
      },
    ];
    cases.forEach(({ name, body, types, initializationRequired }, index) => {
      it(`records ${types.length} event(s) for: ${name}`, async () => {
        const response = await service.importUser(
          { ...minimalImport(`events-${index}`), ...body },
          { token: owner.token },
        );
        expect(response.status).to.equal(200);
        const events = await service.events(response.body.userId);
        expect(events.map((event) => event.type)).to.deep.equal(types);
        expect(events.map((event) => event.aggregateVersion)).to.deep.equal(
          types.map((_, i) => i + 1),
        );
        expect(new Set(events.map((event) => event.createdAt.getTime())).size).to.equal(1);
        expect(
          events.every(
            (event) =>
              event.orgId === owner.orgId &&
              event.aggregateType === 'user' &&
              event.publishedAt === null,
          ),
        ).to.equal(true);
        expect(events[0]!.payload).to.include({ initializationRequired });
      });
    });
  });
});

describeOnEachDatabase('importing password hashes made elsewhere, over HTTP', (service) => {
  let owner: { orgId: string; token: string };

  before(async () => {
    owner = await buildOwner(service);
  });

  FOREIGN_VECTORS.forEach((vector, index) => {
    it(`accepts ${vector.format} (${vector.madeBy.slice(0, 60)}…) and verifies only its password`, async () => {
      const response = await service.importUser(
        { ...minimalImport(`hash-${index}`), hashedPassword: { value: vector.encoded } },
        { token: owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const stored = await service.dataSource
        .getRepository(User)
        .findOneByOrFail({ id: response.body.userId });
      expect(stored.passwordHash).to.equal(vector.encoded);
      expect(await matchesPasswordHash(stored.passwordHash!, vector.password)).to.equal(true);
      expect(await matchesPasswordHash(stored.passwordHash!, `${vector.password}x`)).to.equal(
        false,
      );
    });
  });
});
