/*
 * Generated from schemas/requests/reactivate-org-idp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/idps/{idpId}/_reactivate (identity.management.v1.ReactivateOrgIDPRequest; also POST /admin/v1/idps/{idpId}/_reactivate, ReactivateIDP, for the instance’s): the deactivated provider from the path is offered again where the login policies name it.
 */
export interface ReactivateOrgIDPRequest {
  /**
   * The provider, from the path: of the target organization (AdminService: of the instance).
   */
  idpId: string;
}
