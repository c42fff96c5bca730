/*
 * Generated from schemas/requests/get-default-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/policies/default/login and GET /admin/v1/policies/login (identity.management.v1.GetDefaultLoginPolicyRequest): no fields; the instance’s default login policy is read.
 */
export type GetDefaultLoginPolicyRequest = Record<string, never>;
