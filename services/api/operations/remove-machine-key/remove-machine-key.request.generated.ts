/*
 * Generated from schemas/requests/remove-machine-key.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/keys/{keyId} (identity.management.v1.RemoveMachineKeyRequest): the machine user and the key from the path.
 */
export interface RemoveMachineKeyRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
  /**
   * The key, from the path.
   */
  keyId: string;
}
