/*
 * Generated from schemas/requests/list-my-user-sessions.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/sessions/_search (identity.auth.v1.ListMyUserSessionsRequest): no fields.
 */
export type ListMyUserSessionsRequest = Record<string, never>;
