/*
 * Generated from schemas/requests/verify-my-email.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/email/_verify (identity.auth.v1.VerifyMyEmailRequest): the code of the verification link.
 */
export interface VerifyMyEmailRequest {
  /**
   * The code the emailed link carries (its `code` parameter).
   */
  code: string;
}
