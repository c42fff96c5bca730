/*
 * Generated from schemas/requests/get-user-metadata.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/users/{id}/metadata/{key} (identity.management.v1.GetUserMetadataRequest): one entry of the user’s metadata, from the path.
 */
export interface GetUserMetadataRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  id: string;
  /**
   * The entry’s key: 1 to 200 characters, letters, digits and . _ - : @ +, starting with a letter or digit; kept exactly as given (case counts).
   */
  key: string;
}
