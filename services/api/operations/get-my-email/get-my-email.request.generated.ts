/*
 * Generated from schemas/requests/get-my-email.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /auth/v1/users/me/email (identity.auth.v1.GetMyEmailRequest): no fields.
 */
export type GetMyEmailRequest = Record<string, never>;
