/*
 * Generated from schemas/requests/remove-human-auth-factor-otp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/auth_factors/otp (identity.management.v1.RemoveHumanAuthFactorOTPRequest): the person’s TOTP second factor goes; they sign in with the password alone.
 */
export interface RemoveHumanAuthFactorOTPRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
}
