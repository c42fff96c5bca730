/*
 * Generated from schemas/requests/reactivate-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/_reactivate (identity.management.v1.ReactivateUserRequest): the deactivated user from the path; they may sign in again.
 */
export interface ReactivateUserRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
