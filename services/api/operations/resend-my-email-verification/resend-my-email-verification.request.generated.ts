/*
 * Generated from schemas/requests/resend-my-email-verification.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/email/_resend_verification (identity.auth.v1.ResendMyEmailVerificationRequest): no fields.
 */
export type ResendMyEmailVerificationRequest = Record<string, never>;
