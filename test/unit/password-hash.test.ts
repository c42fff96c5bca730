import { expect } from 'chai';
import {
  hashPassword,
  isSupportedPasswordHash,
  matchesPasswordHash,
} from '../../services/api/credentials/password-hash.js';

import { FOREIGN_VECTORS, PASSWORD, NON_ASCII_PASSWORD } from '../support/password-hash-vectors.js';

// Made by `openssl passwd -6 -salt 'rounds=200000$Vb7Hc2Jx9Qw1Er5T' '<password>'`; python3
// crypt.crypt gives the same. Slow enough (~0.5 s in JS) to show whether the event loop blocks.
const SLOW_SHA512_CRYPT =
  '$6$rounds=200000$Vb7Hc2Jx9Qw1Er5T$V68ceqFhS1WvBoMFOf2KZrEr96TRh9RqrN3EuW0E3poDR7.zof73eaovs0lJZHfh06nctUce/EbyC2Kufdum4.';

const UNSUPPORTED: Record<string, string> = {
  // htpasswd -nbm alice '<password>'
  'Apache $apr1$': '$apr1$pEQty9bV$ANWSyz6wyZ9QdjyhvIscU0',
  // echo -n '<password>' | argon2 'sea-salt-flakes9' -d -e
  argon2d:
    '$argon2d$v=19$m=4096,t=3,p=1$c2VhLXNhbHQtZmxha2VzOQ$7V5T0uUWWuXx7eG6+X1ZZzTZz8g3fdaAdm/W3N517qM',
  // echo -n '<password>' | sha256sum
  'bare SHA-256 hex digest': 'c4bbcb1fbec99d65bf59d85c8cb62ee2db963f0fe106f483d9afa73bd4e39a8a',
  'unknown bcrypt minor $2x$': '$2x$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
  'bcrypt with cost 99': '$2b$99$cVWp4XaNU8a4v1uMRum2SO026BWLIoQMD/TXg5uZV.0P.uO8m3YEm',
  'bcrypt with cost 3': '$2b$03$cVWp4XaNU8a4v1uMRum2SO026BWLIoQMD/TXg5uZV.0P.uO8m3YEm',
  'bcrypt cut short': '$2b$04$cVWp4XaNU8a4v1uMRum2SO026BWLIoQMD/TXg5uZV.0P.uO8m3YE',
  'argon2id with 4 GiB of memory':
    '$argon2id$v=19$m=4194304,t=3,p=1$TmFDbC1hbmQtcGVwcGVyIQ$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
  'argon2id with a repeated parameter':
    '$argon2id$v=19$m=4096,t=3,m=1$TmFDbC1hbmQtcGVwcGVyIQ$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
  'argon2id with an extra parameter':
    '$argon2id$v=19$m=4096,t=3,p=1,x=1$TmFDbC1hbmQtcGVwcGVyIQ$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
  'argon2id with unknown version':
    '$argon2id$v=20$m=4096,t=3,p=1$TmFDbC1hbmQtcGVwcGVyIQ$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
  'argon2id with padded base64':
    '$argon2id$v=19$m=4096,t=3,p=1$TmFDbC1hbmQtcGVwcGVyIQ==$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
  'scrypt with N = 2^30':
    '$scrypt$ln=30,r=8,p=1$ZYzxfi9FCEHoPSckRCjl3A$E94yszkftwJnsYeka3dFDJsChn7pGVv4NWdY5TB9ULc',
  'PBKDF2-SHA256 with a SHA-1-sized hash':
    '$pbkdf2-sha256$29000$9t67lzLmPCeklBKCUOr9fw$BR3hluc4Ym03GTaqmpLDl2WbRAI',
  'PBKDF2 in PHC form whose l= is not its length':
    '$pbkdf2-sha256$i=27500,l=64$ASNFZ4mrze/+3LqYdlQyEA$7V9P9GemyNJ7XbMCefGaiIHNv+ok/XvHsYPBWkrifJU',
  'PBKDF2 in PHC form with a 128-byte key':
    '$pbkdf2-sha256$i=27500,l=128$ASNFZ4mrze/+3LqYdlQyEA$7V9P9GemyNJ7XbMCefGaiIHNv+ok/XvHsYPBWkrifJU',
  'PBKDF2 with 10 rounds': '$pbkdf2$10$9t67lzLmPCeklBKCUOr9fw$BR3hluc4Ym03GTaqmpLDl2WbRAI',
  'PBKDF2-MD5 (unknown digest)': '$pbkdf2-md5$29000$4BwDoNRay7kXYixFyHkv5Q$eE7a36yLC89hidnJOtpF.H',
  'SHA-512-crypt with 999 rounds':
    '$6$rounds=999$Hn4sD8fGj1Kq$2WvDO2tMz9ozAp.9CCq4veUTV0Uew7H66wwuuVN5P4yMjNzIYV1YPXHIYNYTLQqKmHLO.DVRBoPSdw5qySD12.',
  'SHA-256-crypt with a SHA-512-sized hash':
    '$5$Hn4sD8fGj1Kq$2WvDO2tMz9ozAp.9CCq4veUTV0Uew7H66wwuuVN5P4yMjNzIYV1YPXHIYNYTLQqKmHLO.DVRBoPSdw5qySD12.',
  'MD5-crypt with a 9-character salt': '$1$Zx9qLm2Pa$5kcDWob7u1z94xNaldkdB.',
  'firescrypt whose hash is shorter than its signer key':
    '$firescrypt$ln=14,r=8,p=1$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1Q=$Bw==$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  'firescrypt with mem_cost 30':
    '$firescrypt$ln=30,r=8,p=1$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==$Bw==$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  // A SHA-1 digest and a 2-byte salt.
  '{SSHA} with a 2-byte salt': '{SSHA}5tWrRrGKlWZvPXl8vtN+DGiY2TyhsQ==',
  '{SMD5} (unknown scheme)': '{SMD5}5tWrRrGKlWZvPXl8vtN+DGiY2TyhssPU5fYHGA==',
  'phpass with 2^31 rounds': '$P$X9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0',
  'phpass cut short': '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L',
  garbage: 'not a password hash',
  'dollar signs only': '$$$$',
  'empty string': '',
};

/** The `m`, `t`, `p` of a PHC string, whichever order the encoder wrote them in. */
function costsOf(encoded: string): Record<string, string> {
  const costs = encoded.split('$')[3] ?? '';
  return Object.fromEntries(costs.split(',').map((pair) => pair.split('=')));
}

describe('password hashes', () => {
  describe('hashes made by other implementations', () => {
    for (const { format, madeBy, encoded, password } of FOREIGN_VECTORS) {
      describe(`${format} (${madeBy})`, () => {
        it('is a supported format', () => {
          expect(isSupportedPasswordHash(encoded)).to.equal(true);
        });

        it('accepts the right password', async () => {
          expect(await matchesPasswordHash(encoded, password)).to.equal(true);
        });

        it('refuses a wrong password', async () => {
          expect(await matchesPasswordHash(encoded, `${password}!`)).to.equal(false);
          expect(await matchesPasswordHash(encoded, '')).to.equal(false);
        });
      });
    }
  });

  describe('unsupported strings', () => {
    for (const [label, encoded] of Object.entries(UNSUPPORTED)) {
      it(`refuses ${label}`, async () => {
        expect(isSupportedPasswordHash(encoded)).to.equal(false);
        expect(await matchesPasswordHash(encoded, PASSWORD)).to.equal(false);
      });
    }

    it('refuses non-string input from untyped callers without throwing', async () => {
      for (const value of [undefined, null, 42, {}]) {
        expect(isSupportedPasswordHash(value as unknown as string)).to.equal(false);
        expect(await matchesPasswordHash(value as unknown as string, PASSWORD)).to.equal(false);
      }
      const bcryptVector = FOREIGN_VECTORS[0]!.encoded;
      expect(await matchesPasswordHash(bcryptVector, undefined as unknown as string)).to.equal(
        false,
      );
    });
  });

  describe('SHA-crypt verification', () => {
    it('keeps the event loop responsive while checking many rounds', async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const started = Date.now();
      try {
        expect(await matchesPasswordHash(SLOW_SHA512_CRYPT, PASSWORD)).to.equal(true);
      } finally {
        clearInterval(timer);
      }
      // A blocked loop would fire the timer at most once for the whole verification.
      expect(ticks).to.be.greaterThan((Date.now() - started) / 10 / 4);
    });
  });

  describe('hashPassword', () => {
    it('makes argon2id hashes at the OWASP default cost that verify', async () => {
      const encoded = await hashPassword(PASSWORD);
      expect(encoded).to.match(/^\$argon2id\$v=19\$/);
      expect(costsOf(encoded)).to.deep.equal({ m: '19456', t: '2', p: '1' });
      expect(isSupportedPasswordHash(encoded)).to.equal(true);
      expect(await matchesPasswordHash(encoded, PASSWORD)).to.equal(true);
      expect(await matchesPasswordHash(encoded, `${PASSWORD}!`)).to.equal(false);
    });

    it('salts every hash', async () => {
      const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
      expect(first).to.not.equal(second);
    });

    it('takes a custom cost', async () => {
      const encoded = await hashPassword(NON_ASCII_PASSWORD, {
        memoryCost: 8192,
        timeCost: 3,
        parallelism: 2,
      });
      expect(costsOf(encoded)).to.deep.equal({ m: '8192', t: '3', p: '2' });
      expect(await matchesPasswordHash(encoded, NON_ASCII_PASSWORD)).to.equal(true);
    });
  });
});
