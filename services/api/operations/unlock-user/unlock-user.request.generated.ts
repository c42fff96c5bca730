/*
 * Generated from schemas/requests/unlock-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/_unlock (identity.management.v1.UnlockUserRequest): the user from the path, locked by an administrator or by failed sign-ins; both locks are lifted.
 */
export interface UnlockUserRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
