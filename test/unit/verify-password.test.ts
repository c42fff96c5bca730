import { expect } from 'chai';
import fc from 'fast-check';
import { hashPassword, inHashingSlot } from '../../services/api/credentials/password-hash.js';
import { hashFormatName, verifyPassword } from '../../services/api/credentials/verify-password.js';
import { loadConfig } from '../../shared/config/config.js';
import { FOREIGN_VECTORS, PASSWORD } from '../support/password-hash-vectors.js';

const config = loadConfig({});

/** argon2id v1.3 at the OWASP cost hashPassword uses, whatever order the costs are written in. */
function expectCurrentArgon2id(encoded: string | undefined): void {
  const [, type, version, costs] = (encoded ?? '').split('$');
  expect([type, version]).to.deep.equal(['argon2id', 'v=19']);
  expect(costs?.split(',').sort()).to.deep.equal(['m=19456', 'p=1', 't=2']);
}

const FORMAT_OF_VECTOR: Record<string, string> = {
  'bcrypt $2y$': 'bcrypt',
  'bcrypt $2a$': 'bcrypt',
  'bcrypt $2b$': 'bcrypt',
  argon2id: 'argon2id',
  'argon2id at our default cost': 'argon2id',
  argon2i: 'argon2i',
  'scrypt, standard base64': 'scrypt',
  'scrypt, passlib default cost (64 MiB)': 'scrypt',
  "scrypt, adapted base64 ('.' for '+')": 'scrypt',
  'PBKDF2-HMAC-SHA1': 'pbkdf2-sha1',
  'PBKDF2-HMAC-SHA256': 'pbkdf2-sha256',
  'PBKDF2-HMAC-SHA256, non-ASCII password': 'pbkdf2-sha256',
  'PBKDF2-HMAC-SHA512': 'pbkdf2-sha512',
  'PBKDF2-HMAC-SHA1 in PHC form, 64-byte key': 'pbkdf2-sha1',
  'PBKDF2-HMAC-SHA256 in PHC form': 'pbkdf2-sha256',
  'PBKDF2-HMAC-SHA512 in PHC form': 'pbkdf2-sha512',
  'SHA-256-crypt': 'sha256-crypt',
  'SHA-256-crypt with rounds': 'sha256-crypt',
  'SHA-512-crypt': 'sha512-crypt',
  'SHA-512-crypt, non-ASCII password': 'sha512-crypt',
  'MD5-crypt': 'md5-crypt',
  'MD5-crypt, non-ASCII password': 'md5-crypt',
  "Firebase's modified scrypt": 'firebase-scrypt',
  'LDAP {SSHA}': 'ldap-ssha',
  'LDAP {SSHA256}': 'ldap-ssha256',
  'LDAP {SSHA512}, non-ASCII password': 'ldap-ssha512',
  'phpass $P$ (WordPress)': 'phpass',
  'phpass $H$ (phpBB)': 'phpass',
};

describe('verifying a password at sign-in', function () {
  this.timeout(60_000);

  for (const { format, encoded, password } of FOREIGN_VECTORS) {
    describe(format, () => {
      const current = format === 'argon2id at our default cost';

      it(`accepts the right password${current ? ' and keeps the hash' : ', with an argon2id hash to store instead'}`, async () => {
        const result = await verifyPassword(config, encoded, password);
        expect(result.ok).to.equal(true);
        if (current) {
          expect(result.upgradedHash).to.equal(undefined);
          return;
        }
        expectCurrentArgon2id(result.upgradedHash);
        expect(await verifyPassword(config, result.upgradedHash!, password)).to.deep.equal({
          ok: true,
        });
      });

      it('refuses a wrong password, with nothing to store', async () => {
        expect(await verifyPassword(config, encoded, `${password}!`)).to.deep.equal({ ok: false });
        expect(await verifyPassword(config, encoded, '')).to.deep.equal({ ok: false });
      });

      it(`is named ${FORMAT_OF_VECTOR[format]} in the hash-upgraded event`, () => {
        expect(hashFormatName(encoded)).to.equal(FORMAT_OF_VECTOR[format]);
      });
    });
  }

  it('answers false, after a dummy verification, for no hash or an unusable one', async () => {
    expect(await verifyPassword(config, null, PASSWORD)).to.deep.equal({ ok: false });
    expect(await verifyPassword(config, 'not a hash', PASSWORD)).to.deep.equal({ ok: false });
    expect(hashFormatName('not a hash')).to.equal('unknown');
  });

  it('upgrades an argon2id hash of another cost', async () => {
    const cheaper = await hashPassword(PASSWORD, { memoryCost: 8192 });
    const result = await verifyPassword(config, cheaper, PASSWORD);
    expect(result.ok).to.equal(true);
    expectCurrentArgon2id(result.upgradedHash);
  });

  it('waits for a hashing slot', async () => {
    const oneSlot = { ...config, passwordHashConcurrency: 1 };
    let release!: () => void;
    const held = inHashingSlot(1, () => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const verification = verifyPassword(oneSlot, null, PASSWORD).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).to.equal(false);
    release();
    await held;
    await verification;
    expect(answered).to.equal(true);
  });

  it("accepts exactly the password of the service's own hash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), async (password, other) => {
        fc.pre(other !== password);
        const stored = await hashPassword(password);
        expect(await verifyPassword(config, stored, password)).to.deep.equal({ ok: true });
        expect(await verifyPassword(config, stored, other)).to.deep.equal({ ok: false });
      }),
      { numRuns: 10 },
    );
  });
});
