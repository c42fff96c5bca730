import type { Config } from '../config/config.js';

/**
 * The secret key (`SECRETS_ENCRYPTION_KEY`): one-time codes are derived under it, secrets are
 * sealed with it, the sign-in cookies' key is drawn from it. What needs it cannot run without it.
 */
export function secretKeyOf(config: Config): Buffer {
  if (!config.secretsEncryptionKey) throw new Error('SECRETS_ENCRYPTION_KEY is required');
  return config.secretsEncryptionKey;
}
