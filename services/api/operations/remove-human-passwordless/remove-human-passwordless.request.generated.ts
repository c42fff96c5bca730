/*
 * Generated from schemas/requests/remove-human-passwordless.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/passwordless/{tokenId} (identity.management.v1.RemoveHumanPasswordlessRequest): one of the person’s passkeys goes; it signs in no more.
 */
export interface RemoveHumanPasswordlessRequest {
  /**
   * The person, from the path; a user of another organization, or a machine user, is not found.
   */
  userId: string;
  /**
   * The passkey, from the path (its id as ListMyPasskeys answers it).
   */
  tokenId: string;
}
