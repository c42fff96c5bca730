/*
 * Generated from schemas/requests/remove-my-passkey.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /auth/v1/users/me/passkeys/{id} (identity.auth.v1.RemoveMyPasskeyRequest): id from the path.
 */
export interface RemoveMyPasskeyRequest {
  /**
   * The passkey, from the path; one of another user is not found.
   */
  id: string;
}
