/*
 * Generated from schemas/requests/deactivate-machine-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/machine/_deactivate (identity.management.v1.DeactivateMachineUserRequest): the machine user from the path; its tokens stop working.
 */
export interface DeactivateMachineUserRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
}
