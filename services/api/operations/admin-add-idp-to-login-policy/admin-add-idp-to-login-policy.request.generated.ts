/*
 * Generated from schemas/requests/admin-add-idp-to-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /admin/v1/policies/login/idps (identity.admin.v1.AddIDPToLoginPolicyRequest): the instance’s default login policy offers this identity provider of the instance too.
 */
export interface AdminAddIDPToLoginPolicyRequest {
  /**
   * A provider of the instance.
   */
  idpId: string;
}
