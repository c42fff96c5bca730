import { TOTP, Secret } from 'otpauth';
import type { Config } from '../../../shared/config/config.js';
import { decryptSecret } from './otp-secret.js';

/** What every authenticator app assumes of an `otpauth://` secret: RFC 6238's defaults. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it rolled over. */
const WINDOW = 1;

/**
 * Checks a 6-digit TOTP code (SHA-1, 30 s, ±1 step) against the decrypted secret. `lastStep` is
 * the time step of the last code accepted for this user; a code of that step or earlier is
 * refused, so a code seen over someone's shoulder cannot be used again. On success, `step` is
 * what to store as the new lastStep; a refused code tells whether it was right but used up.
 */
export function checkTotp(
  secret: Buffer,
  code: string,
  lastStep: number | null,
  now: Date = new Date(),
): { ok: true; step: number } | { ok: false; replayed: boolean } {
  if (!/^\d{6}$/.test(code)) return { ok: false, replayed: false };
  const totp = new TOTP({
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return { ok: false, replayed: false };
  const step = totp.counter({ timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? { ok: false, replayed: true } : { ok: true, step };
}

/** The TOTP secret of a user as stored: encrypted with `SECRETS_ENCRYPTION_KEY`. */
export function decryptOtpSecret(config: Config, encrypted: Buffer): Buffer {
  if (!config.secretsEncryptionKey) {
    throw new Error('SECRETS_ENCRYPTION_KEY is needed to read a stored OTP secret');
  }
  return decryptSecret(config.secretsEncryptionKey, encrypted);
}

/** 160 bits: RFC 4226's recommended length for an HMAC-SHA-1 secret. */
const NEW_SECRET_BYTES = 20;

/**
 * A new TOTP secret for `account` (a user name) at `issuer`: its bytes (to store encrypted), in
 * base32 (to type in) and as the `otpauth://` URL an authenticator app reads from a QR code, with
 * the parameters checkTotp uses.
 */
export function newTotpSecret(
  issuer: string,
  account: string,
): { bytes: Buffer; base32: string; url: string } {
  const secret = new Secret({ size: NEW_SECRET_BYTES });
  const totp = new TOTP({
    issuer,
    label: account,
    secret,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
  return { bytes: Buffer.from(secret.bytes), base32: secret.base32, url: totp.toString() };
}
