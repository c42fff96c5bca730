import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
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
  const secretsEncryptionKey =
    config.secretsEncryptionKey ??
    (await secretsKey(join(config.dataDir, 'secrets-encryption.key')));
  const { auth } = config;
  const signingKeyFile =
    auth.signingKeyFile ??
    (auth.jwksFile || auth.jwksUrl ? undefined : join(config.dataDir, 'signing-key.json'));
  return { ...config, secretsEncryptionKey, auth: { ...auth, signingKeyFile } };
}

/** The key in `path`, which must be 32 bytes in base64; made there when there is none. */
async function secretsKey(path: string): Promise<Buffer> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const key = randomBytes(32);
    // Whole or not at all: written aside, synced, then linked into place (never over another).
    const temporary = `${path}.${process.pid}`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(`${key.toString('base64')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
    return key;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== text.trim())
    throw new Error(
      `${path} does not hold a 32-byte key in base64: restore it, or remove it to start anew (encrypted OTP secrets are then lost)`,
    );
  return key;
}
