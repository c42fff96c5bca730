import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeOtpSecret, encryptSecret } from '../../services/api/credentials/otp-secret.js';
import { checkTotp, decryptOtpSecret } from '../../services/api/credentials/totp.js';
import { loadConfig } from '../../shared/config/config.js';

// RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII of "12345678901234567890" and the
// 8-digit codes given there end in these 6 digits.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '287082'],
  [1_111_111_109, '081804'],
  [1_111_111_111, '050471'],
  [1_234_567_890, '005924'],
  [2_000_000_000, '279037'],
  [20_000_000_000, '353130'],
];

const at = (seconds: number) => new Date(seconds * 1000);
const stepOf = (seconds: number) => Math.floor(seconds / 30);

describe('TOTP codes', () => {
  it("accept RFC 6238's SHA-1 vectors and answer their time step", () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(checkTotp(RFC_SECRET, code, null, at(seconds)), `${seconds}`).to.deep.equal({
        ok: true,
        step: stepOf(seconds),
      });
    }
  });

  it('accept the code of one step before or after, and no further', () => {
    const seconds = 1_111_111_109;
    const code = '081804';
    expect(checkTotp(RFC_SECRET, code, null, at(seconds + 30))).to.deep.equal({
      ok: true,
      step: stepOf(seconds),
    });
    expect(checkTotp(RFC_SECRET, code, null, at(seconds - 30))).to.deep.equal({
      ok: true,
      step: stepOf(seconds),
    });
    expect(checkTotp(RFC_SECRET, code, null, at(seconds + 60)).ok).to.equal(false);
    expect(checkTotp(RFC_SECRET, code, null, at(seconds - 60)).ok).to.equal(false);
  });

  it('refuse a code of the last accepted step or an earlier one, as replayed', () => {
    const seconds = 1_234_567_890;
    const step = stepOf(seconds);
    expect(checkTotp(RFC_SECRET, '005924', step, at(seconds))).to.deep.equal({
      ok: false,
      replayed: true,
    });
    expect(checkTotp(RFC_SECRET, '005924', step + 1, at(seconds + 30))).to.deep.equal({
      ok: false,
      replayed: true,
    });
    expect(checkTotp(RFC_SECRET, '005924', step - 1, at(seconds)).ok).to.equal(true);
  });

  it('refuse wrong codes and anything that is not six digits', () => {
    for (const code of ['005925', '00592', '0059244', ' 005924', '00592a', '', '５５５５５５']) {
      expect(checkTotp(RFC_SECRET, code, null, at(1_234_567_890)), code).to.deep.equal({
        ok: false,
        replayed: false,
      });
    }
  });

  it('read the secret that an import decoded from base32 and encrypted', () => {
    const key = randomBytes(32);
    const config = { ...loadConfig({}), secretsEncryptionKey: key };
    const imported = decodeOtpSecret('gezdgnbvgy3tqojqgezdgnbvgy3tqojq')!;
    const secret = decryptOtpSecret(config, encryptSecret(key, imported));
    expect(checkTotp(secret, '279037', null, at(2_000_000_000)).ok).to.equal(true);
    expect(() =>
      decryptOtpSecret({ ...config, secretsEncryptionKey: undefined }, Buffer.alloc(40)),
    ).to.throw(/SECRETS_ENCRYPTION_KEY/);
  });
});
