import { createHash } from 'node:crypto';

/**
 * The id of a user's metadata entry's row in the read model: of the user and the key, so that
 * every event of the entry finds its row (and a read waiting for one finds it too). 36 hex
 * characters of SHA-256: an id column's width.
 */
export function metadataRowId(userId: string, key: string): string {
  return createHash('sha256').update(`${userId}\n${key}`).digest('hex').slice(0, 36);
}
