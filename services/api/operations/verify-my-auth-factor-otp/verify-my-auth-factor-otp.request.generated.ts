/*
 * Generated from schemas/requests/verify-my-auth-factor-otp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/auth_factors/otp/_verify (identity.auth.v1.VerifyMyAuthFactorOTPRequest): the first code of the TOTP secret added, which confirms it.
 */
export interface VerifyMyAuthFactorOTPRequest {
  /**
   * The code the authenticator app shows (6 digits); a wrong one is USER-OTP-CODE-INVALID.
   */
  code: string;
}
