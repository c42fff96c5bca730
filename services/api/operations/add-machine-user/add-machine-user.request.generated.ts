/*
 * Generated from schemas/requests/add-machine-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/machine (identity.management.v1.AddMachineUserRequest): a machine user (service account) of the target organization.
 */
export interface AddMachineUserRequest {
  /**
   * The name the machine user is known by: trimmed, 1 to 200 characters, unique among machine users across the instance without regard to case.
   */
  userName: string;
  /**
   * The machine user’s name for people: trimmed, 1 to 200 characters.
   */
  name: string;
  /**
   * What the machine user is for: trimmed, at most 1,000 characters; none when omitted.
   */
  description?: string;
}
