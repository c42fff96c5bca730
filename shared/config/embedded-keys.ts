import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.js';

/** Why the worker and the relay do not run as processes of their own in the embedded mode. */
export const EMBEDDED_DATABASE_IS_THE_API_PROCESS =
  'DATABASE_URL is required to run this apart from the API: the embedded database (without it) is open in one process only, where `npm start` runs the worker and the relay';

/**
 * The embedded mode (no `DATABASE_URL`) asks for no secrets: the ones not given are made on the
 * first start and kept in `DATA_DIR` (mode 0600), so a restart finds the same keys, the same
 * encrypted OTP secrets and still-valid tokens. The signing key is used only when no JWKS is
 * configured. Distributed mode is left as configured: there the secrets must be given.
 */
export async function withEmbeddedKeys(config: Config): Promise<Config> {
  if (config.databaseUrl) return config;
  await mkdir(config.dataDir, { recursive: true });
  const keyFile = join(config.dataDir, 'secrets-encryption.key');
  const secretsEncryptionKey =
    config.secretsEncryptionKey ??
    Buffer.from(await readOrCreate(keyFile, () => randomBytes(32).toString('base64')), 'base64');
  const { auth } = config;
  const signingKeyFile =
    auth.signingKeyFile ??
    (auth.jwksFile || auth.jwksUrl ? undefined : join(config.dataDir, 'signing-key.json'));
  return { ...config, secretsEncryptionKey, auth: { ...auth, signingKeyFile } };
}

async function readOrCreate(path: string, create: () => string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const value = create();
    await writeFile(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  }
}
