/*
 * Generated from schemas/requests/remove-org-member.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/orgs/me/members/{userId} (identity.management.v1.RemoveOrgMemberRequest): the user from the path loses every role in the target organization.
 */
export interface RemoveOrgMemberRequest {
  /**
   * The member, from the path.
   */
  userId: string;
}
