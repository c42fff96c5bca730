/*
 * Generated from schemas/requests/list-org-members.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/orgs/me/members/_search (identity.management.v1.ListOrgMembersRequest): the target organization's members (the users holding roles in it) that meet every query, ordered by user id, a page at a time.
 */
export interface ListOrgMembersRequest {
  /**
   * The page: offset and limit, or the cursor of the previous page; asc orders ascending.
   */
  query?: {
    /**
     * Results to skip (0 when omitted), at most 10,000,000; ignored with a cursor.
     */
    offset?: number | string;
    /**
     * Results in the page, at most 1000; 100 when 0 or omitted.
     */
    limit?: number;
    /**
     * Ascending when true, descending otherwise.
     */
    asc?: boolean;
    /**
     * The nextCursor or previousCursor of a page of the same request: the page after it or before it.
     */
    cursor?: string;
  };
  /**
   * At most 20; every one must hold.
   *
   * @maxItems 20
   *
   * Items: One criterion (exactly one of the properties).
   */
  queries?: {
    /**
     * The member with this user id.
     */
    userIdQuery?: {
      /**
       * A user's id.
       */
      userId: string;
    };
  }[];
}
