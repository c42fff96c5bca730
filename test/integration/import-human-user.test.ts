import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { User, UserCode, UserIdpLink } from '../../shared/db/entities/index.js';
import { decryptSecret } from '../../services/api/credentials/otp-secret.js';
import { verifyPassword } from '../../services/api/credentials/password-hash.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { buildIdp, buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

const minimal = (userName: string) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
  email: { email: `${userName.trim()}@example.com` },
});

describeOnEachDatabase('Create/Import User (Human) over HTTP', (service) => {
  let owner: { orgId: string; token: string };
  const user = (userId: string) =>
    service.dataSource.getRepository(User).findOneByOrFail({ id: userId });
  const eventTypes = async (userId: string) =>
    (await service.events(userId)).map((event) => event.type);

  before(async () => {
    owner = await buildOwner(service);
  });

  it('creates the user with the details of its events', async () => {
    const response = await service.importUser(minimal('ada'), { token: owner.token });
    expect(response.status).to.equal(200);
    const { userId, details } = response.body;
    const events = await service.events(userId);
    expect(details).to.deep.equal({
      sequence: events.at(-1)!.position,
      creationDate: events[0]!.createdAt.toISOString(),
      changeDate: events[0]!.createdAt.toISOString(),
      resourceOwner: owner.orgId,
    });
    expect(details.sequence).to.match(/^\d+$/);
    const stored = await user(userId);
    expect(stored).to.include({
      orgId: owner.orgId,
      userName: 'ada',
      displayName: 'Ada Lovelace',
      emailVerified: false,
      gender: 'GENDER_UNSPECIFIED',
    });
    expect(stored.sequence).to.equal(details.sequence);
  });

  it('trims userName and keeps it unique case-insensitively across the instance', async () => {
    const first = await service.importUser(minimal('  Grace.Hopper  '), { token: owner.token });
    expect(first.status).to.equal(200);
    expect((await user(first.body.userId)).userName).to.equal('Grace.Hopper');
    const other = await buildOwner(service);
    const again = await service.importUser(minimal('grace.HOPPER'), { token: other.token });
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal(6);
    expect(again.body.details.at(-1)).to.deep.include({
      '@type': 'type.googleapis.com/identity.v1.ErrorDetail',
      id: 'USER-ALREADY-EXISTS',
    });
  });

  it('stores the phone in E.164 and refuses a number that is not global', async () => {
    const ok = await service.importUser(
      { ...minimal('phone-ok'), phone: { phone: '+41 (79) 123-45-67', isPhoneVerified: true } },
      { token: owner.token },
    );
    expect(ok.status).to.equal(200);
    expect(await user(ok.body.userId)).to.include({ phone: '+41791234567', phoneVerified: true });
    expect(await eventTypes(ok.body.userId)).to.include('user.human.phone.verified');
    const tel = await service.importUser(
      { ...minimal('phone-tel'), phone: { phone: 'tel:+1-201-555-0123' } },
      { token: owner.token },
    );
    expect(tel.status).to.equal(200);
    expect(await user(tel.body.userId)).to.include({
      phone: '+12015550123',
      phoneVerified: false,
    });
    for (const phone of ['079 123 45 67', '+41 12', 'call me']) {
      const bad = await service.importUser(
        { ...minimal('phone-bad'), phone: { phone } },
        { token: owner.token },
      );
      expect(bad.status, phone).to.equal(400);
      expect(
        bad.body.details[0].fieldViolations.map((v: { field: string }) => v.field),
      ).to.deep.equal(['phone.phone']);
    }
  });

  it('stores preferredLanguage as a canonical BCP 47 tag and refuses a malformed one', async () => {
    const ok = await service.importUser(
      {
        ...minimal('lang-ok'),
        profile: { firstName: 'A', lastName: 'B', preferredLanguage: 'de-ch' },
      },
      { token: owner.token },
    );
    expect(ok.status).to.equal(200);
    expect((await user(ok.body.userId)).preferredLanguage).to.equal('de-CH');
    const bad = await service.importUser(
      {
        ...minimal('lang-bad'),
        profile: { firstName: 'A', lastName: 'B', preferredLanguage: 'de_CH!' },
      },
      { token: owner.token },
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].fieldViolations[0].field).to.equal('profile.preferredLanguage');
  });

  it('keeps a given displayName, nickName and gender', async () => {
    const response = await service.importUser(
      {
        ...minimal('named'),
        profile: {
          firstName: 'A',
          lastName: 'B',
          displayName: 'Dr. B',
          nickName: 'bee',
          gender: 'GENDER_DIVERSE',
        },
      },
      { token: owner.token },
    );
    expect(await user(response.body.userId)).to.include({
      displayName: 'Dr. B',
      nickName: 'bee',
      gender: 'GENDER_DIVERSE',
    });
  });

  it('hashes a clear password with argon2id and asks no change unless passwordChangeRequired', async () => {
    const response = await service.importUser(
      { ...minimal('clear-pw'), password: 'Sup3r-secret!' },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    const stored = await user(response.body.userId);
    expect(stored.passwordHash).to.match(/^\$argon2id\$/);
    expect(await verifyPassword(stored.passwordHash!, 'Sup3r-secret!')).to.equal(true);
    expect(await verifyPassword(stored.passwordHash!, 'Sup3r-secret?')).to.equal(false);
    expect(stored.passwordChangeRequired).to.equal(false);
    const events = await service.events(response.body.userId);
    expect(events.find((event) => event.type === 'user.human.password.set')!.payload).to.deep.equal(
      { changeRequired: false, imported: false },
    );
  });

  it('keeps passwordChangeRequired for clear and hashed passwords alike', async () => {
    const clear = await service.importUser(
      { ...minimal('change-clear'), password: 'Sup3r-secret!', passwordChangeRequired: true },
      { token: owner.token },
    );
    const hashed = await service.importUser(
      {
        ...minimal('change-hashed'),
        hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
        passwordChangeRequired: true,
      },
      { token: owner.token },
    );
    for (const response of [clear, hashed]) {
      expect(response.status).to.equal(200);
      expect((await user(response.body.userId)).passwordChangeRequired).to.equal(true);
    }
    const events = await service.events(hashed.body.userId);
    expect(events.find((event) => event.type === 'user.human.password.set')!.payload).to.deep.equal(
      { changeRequired: true, imported: true },
    );
  });

  it('refuses a clear password that fails the policy, naming the policy', async () => {
    for (const password of ['short1!A', 'alllowercase1!', 'NoDigits!!', 'NoSymbol123']) {
      const response = await service.importUser(
        { ...minimal('weak'), password },
        { token: owner.token },
      );
      if (password === 'short1!A') {
        expect(response.status, password).to.equal(200);
        continue;
      }
      expect(response.status, password).to.equal(400);
      expect(response.body.details[0].fieldViolations).to.deep.equal([
        {
          field: 'password',
          description:
            'does not meet the password policy: at least 8 characters with a lower-case letter, an upper-case letter, a digit and a symbol',
        },
      ]);
    }
  });

  it('refuses password together with hashedPassword, and an unsupported hash', async () => {
    const both = await service.importUser(
      {
        ...minimal('both'),
        password: 'Sup3r-secret!',
        hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
      },
      { token: owner.token },
    );
    expect(both.status).to.equal(400);
    expect(both.body.details[0].fieldViolations).to.deep.equal([
      { field: 'hashedPassword', description: 'must not be given together with password' },
    ]);
    const unsupported = await service.importUser(
      { ...minimal('apr1'), hashedPassword: { value: '$apr1$saltsalt$yAAkm4libquA.ZWLHbSBq/' } },
      { token: owner.token },
    );
    expect(unsupported.status).to.equal(400);
    expect(unsupported.body.details[0].fieldViolations[0].field).to.equal('hashedPassword.value');
  });

  it('stores an OTP secret encrypted and refuses one that is not base32', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const response = await service.importUser(
      { ...minimal('otp'), otpCode: secret },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    const stored = await user(response.body.userId);
    expect(stored.otpSecretEncrypted).to.be.instanceOf(Buffer);
    expect(stored.otpSecretEncrypted!.includes(Buffer.from(secret))).to.equal(false);
    const decrypted = decryptSecret(
      service.config.secretsEncryptionKey!,
      stored.otpSecretEncrypted!,
    );
    expect(decrypted.toString('hex')).to.equal(
      Buffer.from('Hello!\xde\xad\xbe\xefHello!\xde\xad\xbe\xef', 'latin1').toString('hex'),
    );
    expect(await eventTypes(response.body.userId)).to.include('user.human.otp.added');
    for (const otpCode of ['not base32!', 'JBSWY3DP', 'JBSWY3DPEHPK3PX1']) {
      const bad = await service.importUser(
        { ...minimal('otp-bad'), otpCode },
        { token: owner.token },
      );
      expect(bad.status, otpCode).to.equal(400);
      expect(bad.body.details[0].fieldViolations[0].field).to.equal('otpCode');
    }
  });

  it('links identity providers of the organization', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const response = await service.importUser(
      {
        ...minimal('brokered'),
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
        ...minimal('foreign-idp'),
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
      'no identity provider of the organization matches idps[1].configId, idps[2].configId',
    );
    expect(response.body.details.at(-1).id).to.equal('IDP-CONFIG-NOT-FOUND');
    expect(await service.count('users', 'user_name = ?', ['foreign-idp'])).to.equal(0);
  });

  it('keeps (configId, externalUserId) unique', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    expect(
      (
        await service.importUser(
          { ...minimal('link-1'), idps: [{ configId: idp, externalUserId: 'same' }] },
          { token: owner.token },
        )
      ).status,
    ).to.equal(200);
    const taken = await service.importUser(
      { ...minimal('link-2'), idps: [{ configId: idp, externalUserId: 'same' }] },
      { token: owner.token },
    );
    expect(taken.status).to.equal(409);
    expect(taken.body.details.at(-1).id).to.equal('USER-IDP-LINK-ALREADY-EXISTS');
    const repeated = await service.importUser(
      {
        ...minimal('link-3'),
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
      { ...minimal('passkey'), requestPasswordlessRegistration: true },
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
    const without = await service.importUser(minimal('no-passkey'), { token: owner.token });
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
        name: 'unverified email, password',
        body: { password: 'Sup3r-secret!' },
        types: ['user.human.added', 'user.human.password.set'],
        initializationRequired: true,
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
          { ...minimal(`events-${index}`), ...body },
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
        { ...minimal(`hash-${index}`), hashedPassword: { value: vector.encoded } },
        { token: owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const stored = await service.dataSource
        .getRepository(User)
        .findOneByOrFail({ id: response.body.userId });
      expect(stored.passwordHash).to.equal(vector.encoded);
      expect(await verifyPassword(stored.passwordHash!, vector.password)).to.equal(true);
      expect(await verifyPassword(stored.passwordHash!, `${vector.password}x`)).to.equal(false);
    });
  });
});
