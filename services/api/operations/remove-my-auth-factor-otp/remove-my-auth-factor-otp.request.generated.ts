/*
 * Generated from schemas/requests/remove-my-auth-factor-otp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /auth/v1/users/me/auth_factors/otp (identity.auth.v1.RemoveMyAuthFactorOTPRequest): no fields.
 */
export type RemoveMyAuthFactorOTPRequest = Record<string, never>;
