/*
 * Generated from schemas/requests/deactivate-org.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/orgs/me/_deactivate (identity.management.v1.DeactivateOrgRequest): no fields; the target organization is deactivated, and its users cannot sign in or call the API until it is reactivated.
 */
export type DeactivateOrgRequest = Record<string, never>;
