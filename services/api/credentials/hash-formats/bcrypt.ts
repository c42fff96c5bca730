import bcrypt from 'bcryptjs';
import { isWithin, type PasswordHashFormat } from './format.js';

// 22 salt characters then 31 hash characters, in bcrypt's own base64 alphabet.
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

/**
 * bcrypt `$2a$`, `$2b$` and `$2y$`. They differ only in how old implementations handled long or
 * non-ASCII passwords; bcryptjs computes all three the same way, as OpenBSD does today.
 */
export const bcryptFormat: PasswordHashFormat = (encoded) => {
  const cost = BCRYPT.exec(encoded)?.[1];
  if (cost === undefined || !isWithin(Number(cost), 4, 31)) return undefined;
  return (password) => bcrypt.compare(password, encoded);
};
