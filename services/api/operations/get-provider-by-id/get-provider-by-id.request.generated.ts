/*
 * Generated from schemas/requests/get-provider-by-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/idps/templates/{id} (identity.management.v1.GetProviderByIDRequest; also GET /admin/v1/idps/templates/{id} for the instance’s): the provider from the path.
 */
export interface GetProviderByIDRequest {
  /**
   * The provider, from the path: of the target organization or of the instance (AdminService: of the instance).
   */
  id: string;
}
