/*
 * Generated from schemas/requests/deactivate-org-idp.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/idps/{idpId}/_deactivate (identity.management.v1.DeactivateOrgIDPRequest; also POST /admin/v1/idps/{idpId}/_deactivate, DeactivateIDP, for the instance’s): the provider from the path is offered by no login policy until it is reactivated, and a sign-in begun at it is refused at its callback; its users’ links and its place in the login policies stay.
 */
export interface DeactivateOrgIDPRequest {
  /**
   * The provider, from the path: of the target organization (AdminService: of the instance).
   */
  idpId: string;
}
