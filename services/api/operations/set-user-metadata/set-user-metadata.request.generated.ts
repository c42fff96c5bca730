/*
 * Generated from schemas/requests/set-user-metadata.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/metadata/{key} (identity.management.v1.SetUserMetadataRequest): the entry set to the value, added or replaced; the user and key from the path.
 */
export interface SetUserMetadataRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  id: string;
  /**
   * The entry’s key: 1 to 200 characters, letters, digits and . _ - : @ +, starting with a letter or digit; kept exactly as given (case counts).
   */
  key: string;
  /**
   * The entry’s value: 1 byte to 16 KiB, base64 (standard or URL-safe) in JSON.
   */
  value: string;
}
