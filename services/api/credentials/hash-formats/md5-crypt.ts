import apacheMd5 from 'apache-md5';
import { digestsMatch, type PasswordHashFormat } from './format.js';

// The package is `module.exports = fn`, but its typings declare an ES default export, which
// TypeScript then places one `.default` too deep.
const md5Crypt = apacheMd5 as unknown as typeof apacheMd5.default;

// Poul-Henning Kamp's MD5-crypt: up to 8 salt characters, 22 for the hash.
const MD5_CRYPT = /^\$1\$([./0-9A-Za-z]{1,8})\$[./0-9A-Za-z]{22}$/;

/** MD5-crypt `$1$`; Apache's `$apr1$` variant is deliberately not accepted. */
export const md5CryptFormat: PasswordHashFormat = (encoded) => {
  const salt = MD5_CRYPT.exec(encoded)?.[1];
  if (salt === undefined) return undefined;
  return async (password) => {
    // apache-md5 hashes one byte per character; C crypt() hashes the UTF-8 bytes, so hand it
    // those bytes one per character or non-ASCII passwords would never match.
    const utf8Bytes = Buffer.from(password, 'utf8').toString('latin1');
    const computed = md5Crypt(utf8Bytes, `$1$${salt}$`);
    return digestsMatch(Buffer.from(encoded), Buffer.from(computed));
  };
};
