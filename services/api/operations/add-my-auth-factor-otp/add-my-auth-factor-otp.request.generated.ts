/*
 * Generated from schemas/requests/add-my-auth-factor-otp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/auth_factors/otp (identity.auth.v1.AddMyAuthFactorOTPRequest): no fields.
 */
export type AddMyAuthFactorOTPRequest = Record<string, never>;
