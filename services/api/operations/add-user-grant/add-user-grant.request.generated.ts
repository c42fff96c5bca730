/*
 * Generated from schemas/requests/add-user-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/grants (identity.management.v1.AddUserGrantRequest): userId from the path, the project and roles from the body.
 */
export interface AddUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * A project of the target organization, or one granted to it.
   */
  projectId: string;
  /**
   * Keys of roles of the project (within the organization’s project grant, for a project granted to it), each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}
