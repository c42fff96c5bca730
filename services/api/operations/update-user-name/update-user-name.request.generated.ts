/*
 * Generated from schemas/requests/update-user-name.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/username (identity.management.v1.UpdateUserNameRequest): the user’s (a person’s or a machine user’s) new user name; the user from the path.
 */
export interface UpdateUserNameRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * The name the user signs in with from now on: trimmed, and unique across the instance without regard to case (among people, or among machine users).
   */
  userName: string;
}
