/*
 * Generated from schemas/requests/lock-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/_lock (identity.management.v1.LockUserRequest): the active user from the path; locked until UnlockUser, with the effects of a deactivation.
 */
export interface LockUserRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  id: string;
}
