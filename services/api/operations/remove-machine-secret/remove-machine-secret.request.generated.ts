/*
 * Generated from schemas/requests/remove-machine-secret.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/users/{userId}/secret (identity.management.v1.RemoveMachineSecretRequest): the machine user from the path; its client secret stops working.
 */
export interface RemoveMachineSecretRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
}
