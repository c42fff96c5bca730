/*
 * Generated from schemas/requests/rename-my-passkey.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /auth/v1/users/me/passkeys/{id} (identity.auth.v1.RenameMyPasskeyRequest): id from the path, the name from the body.
 */
export interface RenameMyPasskeyRequest {
  /**
   * The passkey, from the path; one of another user is not found.
   */
  id: string;
  /**
   * The passkey’s name: trimmed, 1 to 100 characters.
   */
  name: string;
}
