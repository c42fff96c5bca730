/*
 * Generated from schemas/requests/update-human-phone.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/phone (identity.management.v1.UpdateHumanPhoneRequest): the person’s phone number, verified as given or not.
 */
export interface UpdateHumanPhoneRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * A global number (RFC 3966), stored as E.164.
   */
  phone: string;
  /**
   * The number is already verified.
   */
  isPhoneVerified?: boolean;
}
