/*
 * Generated from schemas/requests/get-default-label-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/policies/default/label (identity.management.v1.GetDefaultLabelPolicyRequest): no fields.
 */
export type GetDefaultLabelPolicyRequest = Record<string, never>;
