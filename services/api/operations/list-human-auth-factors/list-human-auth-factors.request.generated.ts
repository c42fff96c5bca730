/*
 * Generated from schemas/requests/list-human-auth-factors.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/auth_factors/_search (identity.management.v1.ListHumanAuthFactorsRequest): the ways the person signs in.
 */
export interface ListHumanAuthFactorsRequest {
  /**
   * The person, from the path; a person of another organization is not found.
   */
  userId: string;
}
