import { expect } from 'chai';
import { User } from '../../shared/db/entities/index.js';
import { decryptSecret } from '../../services/api/credentials/otp-secret.js';
import { matchesPasswordHash } from '../../services/api/credentials/password-hash.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { minimalImport } from '../support/requests.js';

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
    const response = await service.importUser(minimalImport('ada'), { token: owner.token });
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
    const first = await service.importUser(minimalImport('  Grace.Hopper  '), {
      token: owner.token,
    });
    expect(first.status).to.equal(200);
    expect((await user(first.body.userId)).userName).to.equal('Grace.Hopper');
    const other = await buildOwner(service);
    const again = await service.importUser(minimalImport('grace.HOPPER'), { token: other.token });
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal(6);
    expect(again.body.details.at(-1)).to.deep.include({
      '@type': 'type.googleapis.com/identity.v1.ErrorDetail',
      id: 'USER-ALREADY-EXISTS',
    });
  });

  it('stores the phone in E.164 and refuses a number that is not global', async () => {
    const ok = await service.importUser(
      {
        ...minimalImport('phone-ok'),
        phone: { phone: '+41 (79) 123-45-67', isPhoneVerified: true },
      },
      { token: owner.token },
    );
    expect(ok.status).to.equal(200);
    expect(await user(ok.body.userId)).to.include({ phone: '+41791234567', phoneVerified: true });
    expect(await eventTypes(ok.body.userId)).to.include('user.human.phone.verified');
    const tel = await service.importUser(
      { ...minimalImport('phone-tel'), phone: { phone: 'tel:+1-201-555-0123' } },
      { token: owner.token },
    );
    expect(tel.status).to.equal(200);
    expect(await user(tel.body.userId)).to.include({
      phone: '+12015550123',
      phoneVerified: false,
    });
    for (const phone of ['079 123 45 67', '+41 12', 'call me']) {
      const bad = await service.importUser(
        { ...minimalImport('phone-bad'), phone: { phone } },
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
        ...minimalImport('lang-ok'),
        profile: { firstName: 'A', lastName: 'B', preferredLanguage: 'de-ch' },
      },
      { token: owner.token },
    );
    expect(ok.status).to.equal(200);
    expect((await user(ok.body.userId)).preferredLanguage).to.equal('de-CH');
    const bad = await service.importUser(
      {
        ...minimalImport('lang-bad'),
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
        ...minimalImport('named'),
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
      { ...minimalImport('clear-pw'), password: 'Sup3r-secret!' },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    const stored = await user(response.body.userId);
    expect(stored.passwordHash).to.match(/^\$argon2id\$/);
    expect(await matchesPasswordHash(stored.passwordHash!, 'Sup3r-secret!')).to.equal(true);
    expect(await matchesPasswordHash(stored.passwordHash!, 'Sup3r-secret?')).to.equal(false);
    expect(stored.passwordChangeRequired).to.equal(false);
    const events = await service.events(response.body.userId);
    expect(events.find((event) => event.type === 'user.human.password.set')!.payload).to.deep.equal(
      { changeRequired: false, imported: false },
    );
  });

  it('keeps passwordChangeRequired for clear and hashed passwords alike', async () => {
    const clear = await service.importUser(
      { ...minimalImport('change-clear'), password: 'Sup3r-secret!', passwordChangeRequired: true },
      { token: owner.token },
    );
    const hashed = await service.importUser(
      {
        ...minimalImport('change-hashed'),
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
        { ...minimalImport('weak'), password },
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
        ...minimalImport('both'),
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
      {
        ...minimalImport('apr1'),
        hashedPassword: { value: '$apr1$saltsalt$yAAkm4libquA.ZWLHbSBq/' },
      },
      { token: owner.token },
    );
    expect(unsupported.status).to.equal(400);
    expect(unsupported.body.details[0].fieldViolations[0].field).to.equal('hashedPassword.value');
  });

  it('stores an OTP secret encrypted and refuses one that is not base32', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const response = await service.importUser(
      { ...minimalImport('otp'), otpCode: secret },
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
        { ...minimalImport('otp-bad'), otpCode },
        { token: owner.token },
      );
      expect(bad.status, otpCode).to.equal(400);
      expect(bad.body.details[0].fieldViolations[0].field).to.equal('otpCode');
    }
  });
});
