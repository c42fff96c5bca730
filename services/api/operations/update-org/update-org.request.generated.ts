/*
 * Generated from schemas/requests/update-org.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/orgs/me (identity.management.v1.UpdateOrgRequest): the target organization’s new name.
 */
export interface UpdateOrgRequest {
  /**
   * The organization’s name: trimmed, and unique in the instance without regard to case.
   */
  name: string;
}
