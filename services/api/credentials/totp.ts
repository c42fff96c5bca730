// STAND-IN: replaced by verify at merge
import type { Config } from '../../../shared/config/config.js';
import { decryptSecret } from './otp-secret.js';

export function checkTotp(
  _secret: Buffer,
  _code: string,
  _lastStep: number | null,
  _now?: Date,
): { ok: true; step: number } | { ok: false } {
  return { ok: false };
}

export function decryptOtpSecret(config: Config, encrypted: Buffer): Buffer {
  return decryptSecret(config.secretsEncryptionKey!, encrypted);
}
