import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';

/**
 * Ends, with the transaction's COMMIT, everything the OpenID provider keeps of a person: their
 * sessions (the next authorization asks them to sign in again), grants, authorization codes,
 * opaque access tokens and refresh tokens (a refresh answers `invalid_grant`). The adapter files
 * each of these under the person's id (`account_id`). The API's JWT access tokens are not stored:
 * the API refuses them once the user is not active, within the auth cache's lifetime. What the
 * sign-ins recorded of the sessions' browsers (account-sessions.ts) goes with them.
 */
export function queueAccountArtifactsEnded(transaction: BatchedTransaction, userId: string): void {
  transaction.queue('DELETE FROM oidc_payloads WHERE account_id = ?', [userId]);
  transaction.queue('DELETE FROM signed_in_sessions WHERE user_id = ?', [userId]);
}
