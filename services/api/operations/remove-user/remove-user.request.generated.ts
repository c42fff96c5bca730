/*
 * Generated from schemas/requests/remove-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{id} (identity.management.v1.RemoveUserRequest): the user from the path, a person or a machine user; removed with everything that is theirs, and their user name is free again.
 */
export interface RemoveUserRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
