/*
 * Generated from schemas/requests/get-label-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/policies/label (identity.management.v1.GetLabelPolicyRequest): no fields; the target organization’s policy is read.
 */
export type GetLabelPolicyRequest = Record<string, never>;
