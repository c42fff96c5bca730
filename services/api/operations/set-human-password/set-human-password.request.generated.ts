/*
 * Generated from schemas/requests/set-human-password.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/password (identity.management.v1.SetHumanPasswordRequest): a new password for the person, set by an administrator.
 */
export interface SetHumanPasswordRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The new password in clear text, checked against the password policy and stored as an argon2id hash. Not together with hashedPassword; one of the two is required.
   */
  password?: string;
  /**
   * A password hash from another system, stored as it is (the formats ImportHumanUser takes). Not together with password.
   */
  hashedPassword?: {
    /**
     * Modular Crypt Format or PHC string: bcrypt, argon2i/id, scrypt, PBKDF2, $5$, $6$, $1$; Firebase's modified scrypt as $firescrypt$ln=,r=,p=$salt$hash$saltSeparator$signerKey; LDAP {SSHA}, {SSHA256}, {SSHA512}; phpass $P$ and $H$.
     */
    value: string;
  };
  /**
   * The person need not change the password at the next sign-in; by default they must, as ZITADEL has it.
   */
  noChangeRequired?: boolean;
}
