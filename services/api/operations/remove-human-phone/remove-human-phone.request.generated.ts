/*
 * Generated from schemas/requests/remove-human-phone.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/phone (identity.management.v1.RemoveHumanPhoneRequest): the person’s phone number goes.
 */
export interface RemoveHumanPhoneRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
}
