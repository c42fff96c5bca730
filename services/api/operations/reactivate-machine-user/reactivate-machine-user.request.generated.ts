/*
 * Generated from schemas/requests/reactivate-machine-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/machine/_reactivate (identity.management.v1.ReactivateMachineUserRequest): the machine user from the path.
 */
export interface ReactivateMachineUserRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
}
