/*
 * Generated from schemas/requests/deactivate-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/_deactivate (identity.management.v1.DeactivateUserRequest): the user from the path, a person or a machine user; signing in is refused and their sessions and tokens end until ReactivateUser.
 */
export interface DeactivateUserRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
