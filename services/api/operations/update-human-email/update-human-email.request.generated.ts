/*
 * Generated from schemas/requests/update-human-email.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/email (identity.management.v1.UpdateHumanEmailRequest): the person’s email address, verified as given, or verified by the link an email sends to it.
 */
export interface UpdateHumanEmailRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The address.
   */
  email: string;
  /**
   * The address is verified already; otherwise the person is sent a link that verifies it, and until then it counts as unverified.
   */
  isEmailVerified?: boolean;
}
