/*
 * Generated from schemas/requests/update-user-external-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/external_id (identity.management.v1.UpdateUserExternalIdRequest): a person’s externalId (the caller’s own id for them, as an import gives it) now, or none; the user from the path.
 */
export interface UpdateUserExternalIdRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The externalId from now on, up to 200 characters kept exactly as given and unique in the organization (an import naming it answers this person from then on); empty or omitted removes it.
   */
  externalId?: string;
}
