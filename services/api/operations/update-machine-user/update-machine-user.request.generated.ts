/*
 * Generated from schemas/requests/update-machine-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/machine (identity.management.v1.UpdateMachineUserRequest): userId from the path; replaces the machine user’s name and description.
 */
export interface UpdateMachineUserRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
  /**
   * The machine user’s name for people: trimmed, 1 to 200 characters.
   */
  name: string;
  /**
   * What the machine user is for: trimmed, at most 1,000 characters; none when omitted.
   */
  description?: string;
}
