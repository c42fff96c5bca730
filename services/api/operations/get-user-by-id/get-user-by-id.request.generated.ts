/*
 * Generated from schemas/requests/get-user-by-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/users/{id} (identity.management.v1.GetUserByIDRequest): the user from the path.
 */
export interface GetUserByIDRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
