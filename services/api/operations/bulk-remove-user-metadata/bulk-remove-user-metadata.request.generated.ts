/*
 * Generated from schemas/requests/bulk-remove-user-metadata.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/metadata/_bulk_remove (identity.management.v1.BulkRemoveUserMetadataRequest): every entry named removed in one change; the user from the path.
 */
export interface BulkRemoveUserMetadataRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  id: string;
  /**
   * 1 to 100 keys, each once; each must name an entry of the user.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: The entry’s key: 1 to 200 characters, letters, digits and . _ - : @ +, starting with a letter or digit; kept exactly as given (case counts).
   */
  keys: string[];
}
