// STAND-IN: replaced by verify at merge
import type { Config } from '../../../shared/config/config.js';
import { verifyPassword as verifyEncoded } from './password-hash.js';

export async function verifyPassword(
  _config: Config,
  storedHash: string | null,
  password: string,
): Promise<{ ok: boolean; upgradedHash?: string }> {
  return { ok: storedHash !== null && (await verifyEncoded(storedHash, password)) };
}
