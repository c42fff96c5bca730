/*
 * Generated from schemas/requests/remove-user-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/grants/{grantId} (identity.management.v1.RemoveUserGrantRequest): the user and the grant from the path.
 */
export interface RemoveUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * The user grant, from the path.
   */
  grantId: string;
}
