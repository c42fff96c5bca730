/*
 * Generated from schemas/requests/list-my-auth-factors.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/auth_factors/_search (identity.auth.v1.ListMyAuthFactorsRequest): no fields.
 */
export type ListMyAuthFactorsRequest = Record<string, never>;
