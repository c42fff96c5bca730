/*
 * Generated from schemas/requests/add-org-member.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/orgs/me/members (identity.management.v1.AddOrgMemberRequest): roles in the target organization for one of its users, human or machine.
 */
export interface AddOrgMemberRequest {
  /**
   * A user (human or machine) of the target organization.
   */
  userId: string;
  /**
   * The roles, 1 to 5, each at most once.
   *
   * @minItems 1
   * @maxItems 5
   */
  roles: (
    | 'ORG_OWNER'
    | 'ORG_USER_MANAGER'
    | 'ORG_PROJECT_OWNER'
    | 'ORG_USER_VIEWER'
    | 'ORG_PROJECT_VIEWER'
  )[];
}
