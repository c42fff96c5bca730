/*
 * Generated from schemas/requests/list-user-metadata.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{id}/metadata/_search (identity.management.v1.ListUserMetadataRequest): the user’s metadata entries that meet every query, ordered by key, a page at a time.
 */
export interface ListUserMetadataRequest {
  /**
   * The user (a person or a machine user), from the path; a user of another organization is not found.
   */
  id: string;
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
     * The entry’s key, compared as method says.
     */
    keyQuery?: {
      /**
       * The text to compare the entry’s key with.
       */
      key: string;
      /**
       * TEXT_QUERY_METHOD_EQUALS when omitted.
       */
      method?:
        | 'TEXT_QUERY_METHOD_EQUALS'
        | 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_STARTS_WITH'
        | 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_CONTAINS'
        | 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_ENDS_WITH'
        | 'TEXT_QUERY_METHOD_ENDS_WITH_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_GREATER'
        | 'TEXT_QUERY_METHOD_GREATER_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_GREATER_OR_EQUALS'
        | 'TEXT_QUERY_METHOD_GREATER_OR_EQUALS_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_LESS'
        | 'TEXT_QUERY_METHOD_LESS_IGNORE_CASE'
        | 'TEXT_QUERY_METHOD_LESS_OR_EQUALS'
        | 'TEXT_QUERY_METHOD_LESS_OR_EQUALS_IGNORE_CASE';
    };
  }[];
}
