/*
 * Generated from schemas/requests/import-human-users.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/human/_import-batch (identity.management.v1.ImportHumanUsersRequest): up to 1,000 users, each answered on its own.
 */
export interface ImportHumanUsersRequest {
  /**
   * 1 to 1,000 users, each as ImportHumanUser takes it (schemas/requests/import-human-user.schema.json, with its externalId) and checked alone: a user refused gets its own error in the results, and the others go on.
   *
   * @minItems 1
   * @maxItems 1000
   */
  users: {
    [k: string]: unknown;
  }[];
  /**
   * Whether the worker emails the users who need to set a password or verify their email, as a single import does; true when omitted. A migration sends false and lets the people ask on the activation page, or sends them in waves with identityctl user resend-init.
   */
  sendInitializationEmail?: boolean;
}
