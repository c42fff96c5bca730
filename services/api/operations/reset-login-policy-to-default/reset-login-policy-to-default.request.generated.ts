/*
 * Generated from schemas/requests/reset-login-policy-to-default.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/policies/login (identity.management.v1.ResetLoginPolicyToDefaultRequest): no fields; the target organization’s own login policy goes, with the providers it offers, and the organization follows the instance default.
 */
export type ResetLoginPolicyToDefaultRequest = Record<string, never>;
