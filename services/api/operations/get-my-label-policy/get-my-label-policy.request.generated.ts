/*
 * Generated from schemas/requests/get-my-label-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /auth/v1/policies/label (identity.auth.v1.GetMyLabelPolicyRequest): no fields; the caller’s organization’s policy is read, or the instance default.
 */
export type GetMyLabelPolicyRequest = Record<string, never>;
