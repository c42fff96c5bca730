import { Worker } from 'node:worker_threads';
import { isWithin, parseCount, type PasswordHashFormat } from './format.js';

// Drepper's SHA-crypt: salt of up to 16 crypt-alphabet characters, 43 or 86 for the hash.
const SHA_CRYPT = /^\$([56])\$(?:rounds=(\d+)\$)?[./0-9A-Za-z]{1,16}\$([./0-9A-Za-z]+)$/;

const HASH_LENGTH: Record<string, number> = { '5': 43, '6': 86 };

/** What the worker receives: the stored hash and the candidate password. */
export interface ShaCryptJob {
  encoded: string;
  password: string;
}

/**
 * SHA-256-crypt `$5$` and SHA-512-crypt `$6$`. 1,000 rounds is the scheme's floor (glibc silently
 * raises lower values, which would not round-trip); above a million a pure-JS check takes seconds.
 */
export const shaCryptFormat: PasswordHashFormat = (encoded) => {
  const match = SHA_CRYPT.exec(encoded);
  if (!match) return undefined;
  const [, variant = '', roundsText, hash] = match;
  const roundsOk = roundsText === undefined || isWithin(parseCount(roundsText), 1_000, 1_000_000);
  if (!roundsOk || hash?.length !== HASH_LENGTH[variant]) return undefined;
  return (password) => verifyOffThread({ encoded, password });
};

/**
 * unixcrypt only verifies synchronously, and passlib's default 656,000 rounds take about two
 * seconds in JavaScript, so the check runs in a short-lived worker to keep the event loop free.
 */
function verifyOffThread(job: ShaCryptJob): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sha-crypt-worker.js', import.meta.url), {
      workerData: job,
    });
    worker.once('message', (matches: unknown) => resolve(matches === true));
    worker.once('error', reject);
    // Reached only when the worker quits without answering; a settled promise ignores it.
    worker.once('exit', (code) => reject(new Error(`SHA-crypt worker exited with code ${code}`)));
  });
}
