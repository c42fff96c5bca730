/*
 * Generated from schemas/requests/bulk-set-user-metadata.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/metadata/_bulk (identity.management.v1.BulkSetUserMetadataRequest): every entry set in one change; the user from the path.
 */
export interface BulkSetUserMetadataRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  id: string;
  /**
   * 1 to 100 entries, each key once.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: One entry to set.
   */
  metadata: {
    /**
     * The entry’s key: 1 to 200 characters, letters, digits and . _ - : @ +, starting with a letter or digit; kept exactly as given (case counts).
     */
    key: string;
    /**
     * The entry’s value: 1 byte to 16 KiB, base64 (standard or URL-safe) in JSON.
     */
    value: string;
  }[];
}
