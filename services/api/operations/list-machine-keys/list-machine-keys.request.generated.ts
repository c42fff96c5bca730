/*
 * Generated from schemas/requests/list-machine-keys.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/keys/_search (identity.management.v1.ListMachineKeysRequest): the machine user's keys, in the order they were added, a page at a time.
 */
export interface ListMachineKeysRequest {
  /**
   * The machine user, from the path; one of another organization is not found.
   */
  userId: string;
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
}
