/*
 * Generated from schemas/requests/update-custom-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/policies/login and PUT /admin/v1/policies/login (identity.management.v1.UpdateCustomLoginPolicyRequest): the login policy’s flags, set whole (the organization’s own, made from the default on first use; or the instance default). ZITADEL’s other fields are unknown here, and refused.
 */
export interface UpdateCustomLoginPolicyRequest {
  /**
   * The sign-in offers a user name and password; false when omitted.
   */
  allowUsernamePassword?: boolean;
  /**
   * The sign-in offers the identity providers of the policy; false when omitted.
   */
  allowExternalIdp?: boolean;
}
