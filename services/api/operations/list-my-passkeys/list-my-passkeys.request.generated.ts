/*
 * Generated from schemas/requests/list-my-passkeys.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /auth/v1/users/me/passkeys (identity.auth.v1.ListMyPasskeysRequest): no fields.
 */
export type ListMyPasskeysRequest = Record<string, never>;
