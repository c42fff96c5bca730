/*
 * Generated from schemas/requests/update-my-password.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /auth/v1/users/me/password (identity.auth.v1.UpdateMyPasswordRequest): the caller's current password and the new one.
 */
export interface UpdateMyPasswordRequest {
  /**
   * The caller's current password; a wrong one is refused and counts against the sign-in's failed attempts.
   */
  oldPassword: string;
  /**
   * The new password in clear text, checked against the password policy and stored as an argon2id hash.
   */
  newPassword: string;
}
