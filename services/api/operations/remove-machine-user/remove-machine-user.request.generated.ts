/*
 * Generated from schemas/requests/remove-machine-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/machine (identity.management.v1.RemoveMachineUserRequest): the machine user from the path; removes it with its secret, keys, tokens and roles.
 */
export interface RemoveMachineUserRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
}
