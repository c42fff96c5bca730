/*
 * Generated from schemas/requests/remove-personal-access-token.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/pats/{tokenId} (identity.management.v1.RemovePersonalAccessTokenRequest): the machine user and the token from the path.
 */
export interface RemovePersonalAccessTokenRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
  /**
   * The personal access token’s id, from the path.
   */
  tokenId: string;
}
