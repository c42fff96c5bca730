/*
 * Generated from schemas/requests/reset-label-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/policies/label and DELETE /management/v1/policies/label/default (identity.management.v1.ResetLabelPolicyRequest): no fields. An organization’s pages fall back to the instance default, the instance default to the service’s own look.
 */
export type ResetLabelPolicyRequest = Record<string, never>;
