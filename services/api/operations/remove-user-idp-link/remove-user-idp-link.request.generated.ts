/*
 * Generated from schemas/requests/remove-user-idp-link.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/idps/{idpId}/{linkedUserId} (identity.management.v1.RemoveUserIDPLinkRequest): the person’s link to that identity at that provider goes.
 */
export interface RemoveUserIDPLinkRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The identity provider configuration, from the path.
   */
  idpId: string;
  /**
   * The user’s id at the provider, from the path.
   */
  linkedUserId: string;
}
