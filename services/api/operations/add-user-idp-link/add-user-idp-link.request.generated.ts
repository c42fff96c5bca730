/*
 * Generated from schemas/requests/add-user-idp-link.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/idps (identity.management.v1.AddUserIDPLinkRequest): links the person to their identity at an identity provider of the organization or of the instance, as ImportHumanUser’s `idps` does with the organization’s.
 */
export interface AddUserIDPLinkRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The identity provider configuration: of the target organization, or of the instance.
   */
  idpId: string;
  /**
   * The user’s id at the provider (its `sub`); unique per provider across the instance.
   */
  providedUserId: string;
  /**
   * The user’s name at the provider, shown with the link.
   */
  providedUserName?: string;
}
