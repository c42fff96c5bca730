/*
 * Generated from schemas/requests/import-human-user.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * Body of POST /management/v1/users/human/_import (identity.management.v1.ImportHumanUserRequest).
 */
export interface ImportHumanUserRequest {
  /**
   * The name the user logs in with: trimmed, and unique across the instance without regard to case.
   */
  userName: string;
  /**
   * The caller’s own id for the user (from the system it leaves, for instance), 1 to 200 characters kept exactly as given and unique in the organization: an import that names one already imported answers that user, with alreadyExisted, and creates nothing, so a retried or resumed import makes no duplicate. None when omitted.
   */
  externalId?: string;
  /**
   * The user’s names and preferences.
   */
  profile: {
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
  };
  /**
   * The user’s email address.
   */
  email: {
    /**
     * The address.
     */
    email: string;
    /**
     * The address is already verified. An unverified address, or a user without a password, gets an initialization email.
     */
    isEmailVerified?: boolean;
  };
  /**
   * The user’s phone number.
   */
  phone?: {
    /**
     * A global number (RFC 3966), stored as E.164.
     */
    phone: string;
    /**
     * The number is already verified.
     */
    isPhoneVerified?: boolean;
  };
  /**
   * The initial password in clear text, checked against the password policy and stored as an argon2id hash. Not together with hashedPassword.
   */
  password?: string;
  /**
   * A password hash from another system, stored as it is. Not together with password.
   */
  hashedPassword?: {
    /**
     * Modular Crypt Format or PHC string: bcrypt, argon2i/id, scrypt, PBKDF2, $5$, $6$, $1$; Firebase's modified scrypt as $firescrypt$ln=,r=,p=$salt$hash$saltSeparator$signerKey; LDAP {SSHA}, {SSHA256}, {SSHA512}; phpass $P$ and $H$.
     */
    value: string;
  };
  /**
   * The user must change the password at the next login.
   */
  passwordChangeRequired?: boolean;
  /**
   * Answer with a link (passwordlessRegistration) where the user registers a passwordless authenticator.
   */
  requestPasswordlessRegistration?: boolean;
  /**
   * A TOTP secret in RFC 4648 base32, stored encrypted.
   */
  otpCode?: string;
  /**
   * Links to the user’s accounts at identity providers of the organization or of the instance; each pair of configId and externalUserId at most once.
   *
   * @maxItems 20
   */
  idps?: {
    /**
     * An identity provider of the organization or of the instance (IDP-CONFIG-NOT-FOUND otherwise).
     */
    configId: string;
    /**
     * The user’s id at that identity provider; together with configId, linked to one user only.
     */
    externalUserId: string;
    /**
     * The user’s name at that identity provider.
     */
    displayName?: string;
  }[];
}
