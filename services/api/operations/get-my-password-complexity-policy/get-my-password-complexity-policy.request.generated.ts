/*
 * Generated from schemas/requests/get-my-password-complexity-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /auth/v1/policies/passwords/complexity (identity.auth.v1.GetMyPasswordComplexityPolicyRequest): no fields.
 */
export type GetMyPasswordComplexityPolicyRequest = Record<string, never>;
