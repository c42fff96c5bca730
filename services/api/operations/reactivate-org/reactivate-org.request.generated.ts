/*
 * Generated from schemas/requests/reactivate-org.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/orgs/me/_reactivate (identity.management.v1.ReactivateOrgRequest): no fields; the deactivated target organization is reactivated.
 */
export type ReactivateOrgRequest = Record<string, never>;
