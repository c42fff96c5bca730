/*
 * Generated from schemas/requests/end-all-my-user-sessions.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/sessions/_end_all (identity.auth.v1.EndAllMyUserSessionsRequest): no fields.
 */
export type EndAllMyUserSessionsRequest = Record<string, never>;
