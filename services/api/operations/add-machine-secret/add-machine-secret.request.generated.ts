/*
 * Generated from schemas/requests/add-machine-secret.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/users/{userId}/secret (identity.management.v1.AddMachineSecretRequest): the machine user from the path; a new client secret, which replaces any earlier one.
 */
export interface AddMachineSecretRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
}
