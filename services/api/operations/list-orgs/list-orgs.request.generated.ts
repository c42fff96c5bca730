/*
 * Generated from schemas/requests/list-orgs.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /admin/v1/orgs/_search (identity.admin.v1.ListOrgsRequest): every organization of the instance that meets every query, in the order of the sorting column, a page at a time.
 */
export interface ListOrgsRequest {
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
   * ORG_FIELD_NAME_NAME orders by name ignoring case (then by id); by id when omitted.
   */
  sortingColumn?: 'ORG_FIELD_NAME_UNSPECIFIED' | 'ORG_FIELD_NAME_NAME';
  /**
   * At most 20; every one must hold.
   *
   * @maxItems 20
   *
   * Items: One criterion (exactly one of the properties).
   */
  queries?: {
    /**
     * The organization's name, compared as method says.
     */
    nameQuery?: {
      /**
       * The text to compare the organization's name with.
       */
      name: string;
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
    /**
     * The organization's state.
     */
    stateQuery?: {
      /**
       * ORG_STATE_UNSPECIFIED matches none.
       */
      state?: 'ORG_STATE_UNSPECIFIED' | 'ORG_STATE_ACTIVE' | 'ORG_STATE_INACTIVE';
    };
  }[];
}
