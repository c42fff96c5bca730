/*
 * Generated from schemas/requests/get-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/policies/login (identity.management.v1.GetLoginPolicyRequest): no fields; the login policy the target organization follows is read.
 */
export type GetLoginPolicyRequest = Record<string, never>;
