import { expect } from 'chai';
import { base32 } from '@scure/base';
import * as OTPAuth from 'otpauth';
import { join } from 'node:path';
import { keycloakFiles, keycloakSource } from '../../services/api/cli/migrate/keycloak-source.js';
import { jsonArrayItems } from '../../services/api/cli/migrate/export-files.js';
import type { SourceRecord } from '../../services/api/cli/migrate/sources.js';
import { matchesPasswordHash } from '../../services/api/credentials/password-hash.js';

/** A real `kc.sh export --users different_files` of Keycloak 26.7.3 (its README says how). */
const EXPORT = join(process.cwd(), 'test/fixtures/keycloak-export');

async function read(realm: string, idps = new Map<string, string>()): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  for await (const record of keycloakSource(EXPORT, realm, idps)) records.push(record);
  return records;
}

const request = (record: SourceRecord | undefined) => record?.request as Record<string, any>;

describe('a Keycloak export, read', () => {
  it('takes a realm’s files in the order Keycloak wrote them, and asks which realm', () => {
    expect(
      keycloakFiles(EXPORT, 'acme').map((file) => file.slice(EXPORT.length + 1)),
    ).to.deep.equal([
      'acme-realm.json',
      'acme-users-0.json',
      'acme-users-1.json',
      'acme-users-2.json',
    ]);
    expect(() => keycloakFiles(EXPORT)).to.throw('choose one with --realm');
    expect(() => keycloakFiles(EXPORT, 'nope')).to.throw('acme, legacy');
  });

  it('makes each user an import, with its place, and says what it leaves out', async () => {
    const records = await read('acme', new Map([['google', 'idp-1']]));
    expect(records.map((r) => [r.file, r.position, r.userName])).to.deep.equal([
      ['acme-users-0.json', 1, 'alice'],
      ['acme-users-0.json', 2, 'bob'],
      ['acme-users-0.json', 3, 'carol'],
      ['acme-users-1.json', 1, 'dave'],
      ['acme-users-1.json', 2, 'erin'],
      ['acme-users-1.json', 3, 'frank'],
      ['acme-users-2.json', 1, 'grace'],
      ['acme-users-2.json', 2, 'heidi'],
    ]);
    const [alice, bob, carol, dave, erin, frank, grace, heidi] = records;
    expect(request(alice)).to.deep.include({
      userName: 'alice',
      externalId: alice!.externalId,
      email: { email: 'alice@example.com', isEmailVerified: true },
    });
    expect(alice!.externalId).to.match(/^[0-9a-f-]{36}$/);
    expect(request(alice).profile).to.deep.equal({
      firstName: 'Alice',
      lastName: 'Archer',
      preferredLanguage: 'de',
    });
    expect(request(alice).hashedPassword.value).to.match(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(request(bob)).to.include({ passwordChangeRequired: true });
    expect(request(bob).email.isEmailVerified).to.equal(false);
    expect(request(carol).idps).to.deep.equal([
      { configId: 'idp-1', externalUserId: 'google-carol-123', displayName: 'carol@gmail.com' },
    ]);
    // Imported, then deactivated by the migration.
    expect(dave).to.include({ deactivated: 'disabled in Keycloak' });
    expect(request(dave).userName).to.equal('dave');
    expect(request(erin)).to.not.have.property('hashedPassword');
    // Keycloak's HMAC key is the secret's text; an app is given its base32.
    expect(request(frank).otpCode).to.equal('JJBFGV2ZGNCFARKIKBFTGUCYKBFEEU2XLEZUIUCFJBIEWM2QLBIA');
    expect(request(heidi).otpCode).to.equal('KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');
    expect(request(grace)).to.not.have.property('otpCode');
    expect(grace!.notes).to.deep.equal(['left out: TOTP with HmacSHA256, 8 digits, 30 s']);
    // Without --idp for google, carol's link stays behind, said so.
    const unmapped = (await read('acme'))[2]!;
    expect(request(unmapped)).to.not.have.property('idps');
    expect(unmapped.notes).to.deep.equal(['left out: the link to google (no --idp for it)']);
  });

  it('reads a users file alike whether parsed whole or streamed', async () => {
    const file = join(EXPORT, 'acme-users-1.json');
    const all = async (wholeUpTo?: number) => {
      const users: unknown[] = [];
      for await (const { value } of jsonArrayItems(file, 'users', wholeUpTo)) users.push(value);
      return users;
    };
    const streamed = await all(0);
    expect(streamed).to.have.length(3);
    expect(streamed).to.deep.equal(await all());
  });

  it('gives the codes Keycloak gave: the TOTP secret is the same key', async () => {
    const frank = request((await read('acme'))[5]);
    const theirs = new OTPAuth.TOTP({
      secret: new OTPAuth.Secret({
        buffer: new TextEncoder().encode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP').buffer,
      }),
    });
    const ours = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(frank.otpCode) });
    expect(ours.generate({ timestamp: 1_795_699_105_000 })).to.equal(
      theirs.generate({ timestamp: 1_795_699_105_000 }),
    );
    expect(base32.decode(frank.otpCode.padEnd(56, '='))).to.have.length(32);
  });

  for (const [user, password] of [
    ['alice', 'Alice-Passw0rd!'],
    ['argo', 'Argo-Passw0rd!'],
    ['pat1', 'Pat1-Passw0rd!'],
    ['pat256', 'Pat256-Passw0rd!'],
    ['pat512', 'Pat512-Passw0rd!'],
  ] as const) {
    it(`verifies ${user}'s Keycloak password in the form it is imported in, and no other`, async function () {
      this.timeout(60_000);
      const records = [...(await read('acme')), ...(await read('legacy'))];
      const hash = request(records.find((r) => r.userName === user)).hashedPassword.value as string;
      expect(await matchesPasswordHash(hash, password), hash).to.equal(true);
      expect(await matchesPasswordHash(hash, `${password}x`)).to.equal(false);
    });
  }

  it('takes keycloak-bcrypt’s credential, and refuses one of another provider or unreadable', async () => {
    const { keycloakPassword } =
      await import('../../services/api/cli/migrate/keycloak-credentials.js');
    expect(
      keycloakPassword({
        type: 'password',
        secretData: '{"value":"aGFzaA==","salt":"c2FsdA=="}',
        credentialData: '{"hashIterations":10,"algorithm":"md5"}',
      }),
    ).to.deep.equal({ refused: 'password hash algorithm "md5" cannot be read here' });
    expect(() => keycloakPassword({ type: 'password', secretData: '{' })).to.throw(SyntaxError);
    // keycloak-bcrypt's credential: the whole bcrypt string, no salt of its own.
    const bcrypt = '$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
    expect(
      keycloakPassword({
        type: 'password',
        secretData: JSON.stringify({ value: bcrypt, salt: '', additionalParameters: {} }),
        credentialData: '{"hashIterations":10,"algorithm":"bcrypt","additionalParameters":{}}',
      }),
    ).to.deep.equal({ value: bcrypt });
  });
});
