/*
 * Generated from schemas/requests/add-personal-access-token.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/pats (identity.management.v1.AddPersonalAccessTokenRequest): userId from the path; a bearer token for the API, answered once.
 */
export interface AddPersonalAccessTokenRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
  /**
   * When the credential stops working: an RFC 3339 time in the future (a Timestamp over gRPC); 9999-12-31T23:59:59Z when omitted.
   */
  expirationDate?: string;
}
