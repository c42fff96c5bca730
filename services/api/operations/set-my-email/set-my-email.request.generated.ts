/*
 * Generated from schemas/requests/set-my-email.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /auth/v1/users/me/email (identity.auth.v1.SetMyEmailRequest): the address the caller wants as their email, which becomes theirs once its verification link is followed.
 */
export interface SetMyEmailRequest {
  /**
   * The new address; it waits, unverified, and is emailed a verification link.
   */
  email: string;
}
