/*
 * Generated from schemas/requests/update-org-member.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/orgs/me/members/{userId} (identity.management.v1.UpdateOrgMemberRequest): the roles the member from the path holds in the target organization, replacing those it held.
 */
export interface UpdateOrgMemberRequest {
  /**
   * The member, from the path.
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
