/*
 * Generated from schemas/requests/get-my-profile.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /auth/v1/users/me/profile (identity.auth.v1.GetMyProfileRequest): no fields.
 */
export type GetMyProfileRequest = Record<string, never>;
