import { createHash } from 'node:crypto';
import { digestsMatch, type PasswordHashFormat } from './format.js';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PHPASS = /^\$[PH]\$([./0-9A-Za-z])([./0-9A-Za-z]{8})([./0-9A-Za-z]{22})$/;

/** phpass's own base64 of 16 bytes: little-endian groups of three, 22 characters. */
function encode64(input: Buffer): string {
  let output = '';
  for (let i = 0; i < input.length;) {
    let value = input[i++]!;
    output += ITOA64[value & 0x3f];
    if (i < input.length) value |= input[i]! << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= input.length) break;
    if (i < input.length) value |= input[i]! << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= input.length) break;
    output += ITOA64[(value >> 18) & 0x3f];
  }
  return output;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/**
 * phpass's portable hashes (`$P$`, and `$H$` from phpBB): WordPress's and Drupal 7's older
 * passwords. MD5 of the salt and the password, then 2^count times MD5 of the digest and the
 * password (count 7 to 30, as phpass allows).
 */
export const phpassFormat: PasswordHashFormat = (encoded) => {
  const match = PHPASS.exec(encoded);
  if (!match) return undefined;
  const count = ITOA64.indexOf(match[1]!);
  if (count < 7 || count > 30) return undefined;
  const salt = Buffer.from(match[2]!, 'latin1');
  const expected = Buffer.from(match[3]!, 'latin1');
  return async (password) => {
    const secret = Buffer.from(password, 'utf8');
    let digest = md5(salt, secret);
    for (let round = 1 << count; round > 0; round--) {
      digest = md5(digest, secret);
      // A long count takes a while: let the event loop breathe now and then.
      if ((round & 0xffff) === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return digestsMatch(expected, Buffer.from(encode64(digest), 'latin1'));
  };
};
