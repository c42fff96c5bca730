/*
 * Generated from schemas/requests/update-user-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/grants/{grantId} (identity.management.v1.UpdateUserGrantRequest): the user and the grant from the path; replaces the grant’s roles.
 */
export interface UpdateUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * The user grant, from the path.
   */
  grantId: string;
  /**
   * Keys of roles of the project (within the organization’s project grant, for a project granted to it), each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}
