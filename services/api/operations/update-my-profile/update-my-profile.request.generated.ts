/*
 * Generated from schemas/requests/update-my-profile.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * Body of PUT /auth/v1/users/me/profile (identity.auth.v1.UpdateMyProfileRequest). Replaces the whole profile.
 */
export interface UpdateMyProfileRequest {
  /**
   * Given name.
   */
  firstName: string;
  /**
   * Family name.
   */
  lastName: string;
  /**
   * Nickname; omitted clears it.
   */
  nickName?: string;
  /**
   * The name shown for the user.
   */
  displayName: string;
  /**
   * BCP 47 language tag, stored in canonical form (de-ch becomes de-CH); omitted clears it.
   */
  preferredLanguage?: string;
  /**
   * GENDER_UNSPECIFIED when omitted.
   */
  gender?: 'GENDER_UNSPECIFIED' | 'GENDER_FEMALE' | 'GENDER_MALE' | 'GENDER_DIVERSE';
}
