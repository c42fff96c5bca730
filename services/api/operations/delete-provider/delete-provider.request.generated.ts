/*
 * Generated from schemas/requests/delete-provider.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/idps/templates/{id} (identity.management.v1.DeleteProviderRequest; also DELETE /admin/v1/idps/templates/{id} for the instance’s): the provider goes, with its users’ links and its place in the login policies.
 */
export interface DeleteProviderRequest {
  /**
   * The provider, from the path: of the target organization (AdminService: of the instance).
   */
  id: string;
}
