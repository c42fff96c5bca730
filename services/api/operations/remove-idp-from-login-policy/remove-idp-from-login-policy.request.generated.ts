/*
 * Generated from schemas/requests/remove-idp-from-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/policies/login/idps/{idpId} and DELETE /admin/v1/policies/login/idps/{idpId} (identity.management.v1.RemoveIDPFromLoginPolicyRequest): the login policy offers this identity provider no more (an organization’s own, made from the default on first use; or the instance default).
 */
export interface RemoveIDPFromLoginPolicyRequest {
  /**
   * The provider, from the path: one the policy offers.
   */
  idpId: string;
}
