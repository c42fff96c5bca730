import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { deriveOneTimeCode, hashOneTimeCode } from '../../shared/credentials/one-time-code.js';

describe('derived one-time codes', () => {
  const key = randomBytes(32);

  it('are the same for the same code id and key, and their hash is the stored form', () => {
    const first = deriveOneTimeCode(key, 'code-1');
    const again = deriveOneTimeCode(key, 'code-1');
    expect(again.code).to.equal(first.code);
    expect(first.hash.equals(hashOneTimeCode(first.code))).to.equal(true);
    expect(first.code).to.match(/^[A-Za-z0-9_-]{32}$/);
  });

  it('differ between code ids and between keys', () => {
    const codes = new Set([
      deriveOneTimeCode(key, 'code-1').code,
      deriveOneTimeCode(key, 'code-2').code,
      deriveOneTimeCode(randomBytes(32), 'code-1').code,
    ]);
    expect(codes.size).to.equal(3);
  });
});
