/*
 * Generated from schemas/requests/update-human-profile.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/profile (identity.management.v1.UpdateHumanProfileRequest): the person’s profile, replaced whole: what is omitted is cleared.
 */
export interface UpdateHumanProfileRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * Given name.
   */
  firstName: string;
  /**
   * Family name.
   */
  lastName: string;
  /**
   * Nickname; an empty one is stored as none.
   */
  nickName?: string;
  /**
   * The name shown for the user; when omitted or empty, "firstName lastName", cut to 200 characters.
   */
  displayName?: string;
  /**
   * BCP 47 language tag, stored in canonical form (de-ch becomes de-CH).
   */
  preferredLanguage?: string;
  /**
   * GENDER_UNSPECIFIED when omitted.
   */
  gender?: 'GENDER_UNSPECIFIED' | 'GENDER_FEMALE' | 'GENDER_MALE' | 'GENDER_DIVERSE';
}
