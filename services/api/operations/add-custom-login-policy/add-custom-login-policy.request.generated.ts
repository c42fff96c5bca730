/*
 * Generated from schemas/requests/add-custom-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/policies/login (identity.management.v1.AddCustomLoginPolicyRequest): the target organization’s own login policy, made with these flags and the providers the instance default offers. ZITADEL’s other fields are unknown here, and refused.
 */
export interface AddCustomLoginPolicyRequest {
  /**
   * The sign-in offers a user name and password; false when omitted.
   */
  allowUsernamePassword?: boolean;
  /**
   * The sign-in offers the identity providers of the policy; false when omitted.
   */
  allowExternalIdp?: boolean;
}
