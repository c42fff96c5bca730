/*
 * Generated from schemas/requests/add-org.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/orgs (identity.management.v1.AddOrgRequest): a new, active organization of the instance, whatever the target organization.
 */
export interface AddOrgRequest {
  /**
   * The organization’s name: trimmed, and unique in the instance without regard to case.
   */
  name: string;
}
