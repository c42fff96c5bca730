/*
 * Generated from schemas/requests/add-idp-to-login-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/policies/login/idps (identity.management.v1.AddIDPToLoginPolicyRequest): the login policy of the target organization offers this identity provider too (its own policy, made from the default on first use).
 */
export interface AddIDPToLoginPolicyRequest {
  /**
   * A provider of the target organization or of the instance.
   */
  idpId: string;
  /**
   * Whose the provider is: IDP_OWNER_TYPE_ORG the organization’s, IDP_OWNER_TYPE_SYSTEM the instance’s; it must be the provider’s. The provider’s own when omitted or IDP_OWNER_TYPE_UNSPECIFIED.
   */
  ownerType?: 'IDP_OWNER_TYPE_UNSPECIFIED' | 'IDP_OWNER_TYPE_SYSTEM' | 'IDP_OWNER_TYPE_ORG';
}
