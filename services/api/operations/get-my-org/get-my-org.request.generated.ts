/*
 * Generated from schemas/requests/get-my-org.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/orgs/me (identity.management.v1.GetMyOrgRequest): no fields; the target organization is the one read.
 */
export type GetMyOrgRequest = Record<string, never>;
