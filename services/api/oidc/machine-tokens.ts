import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';

/**
 * The provider's model of a client-credentials access token. The adapter files each such token
 * under its client (`grant_id` = the client id, which for a machine user is the user's id), so
 * that a machine user's tokens can be revoked together.
 */
export const CLIENT_CREDENTIALS_MODEL = 'ClientCredentials';

/**
 * Revokes, with the transaction's COMMIT, every access token the provider issued a machine user
 * through client credentials or private_key_jwt: when its secret, a key or the user goes, or it is
 * deactivated. The API stops taking them within the auth cache's lifetime.
 */
export function queueMachineTokensRevoked(transaction: BatchedTransaction, userId: string): void {
  transaction.queue('DELETE FROM oidc_payloads WHERE model = ? AND grant_id = ?', [
    CLIENT_CREDENTIALS_MODEL,
    userId,
  ]);
}
