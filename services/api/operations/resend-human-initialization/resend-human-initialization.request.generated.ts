/*
 * Generated from schemas/requests/resend-human-initialization.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/_resend_initialization (identity.management.v1.ResendHumanInitializationRequest): a new initialization email to a person not yet initialized (email unverified or no password).
 */
export interface ResendHumanInitializationRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
}
