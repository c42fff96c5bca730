import type { Config } from '../../../../shared/config/config.js';
import {
  createOneTimeCode,
  type OneTimeCode,
} from '../../../../shared/credentials/one-time-code.js';
import { decodeOtpSecret, encryptSecret } from '../../credentials/otp-secret.js';
import { hashPassword, inHashingSlot } from '../../credentials/password-hash.js';
import type { ImportHumanUserRequest } from './import-human-user.request.js';

/** What is stored of the secrets a request brings: hashes and ciphertext only. */
interface HumanCredentials {
  passwordHash: string | null;
  /** The password came hashed from another system rather than in clear. */
  passwordImported: boolean;
  otpSecretEncrypted: Buffer | null;
  passwordlessCode: OneTimeCode | null;
}

/**
 * Prepared before the transaction opens: argon2id takes tens of milliseconds on the thread pool,
 * and no database connection should wait on it.
 */
export async function prepareCredentials(
  config: Config,
  request: ImportHumanUserRequest,
): Promise<HumanCredentials> {
  const otpSecret = request.otpCode === undefined ? undefined : decodeOtpSecret(request.otpCode);
  if (otpSecret && !config.secretsEncryptionKey)
    throw new Error('SECRETS_ENCRYPTION_KEY is not configured');
  return {
    passwordHash: request.password
      ? await inHashingSlot(config.passwordHashConcurrency, () => hashPassword(request.password!))
      : (request.hashedPassword?.value ?? null),
    passwordImported: !request.password && request.hashedPassword !== undefined,
    otpSecretEncrypted: otpSecret ? encryptSecret(config.secretsEncryptionKey!, otpSecret) : null,
    passwordlessCode: request.requestPasswordlessRegistration ? createOneTimeCode() : null,
  };
}
