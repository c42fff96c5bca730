/*
 * Generated from schemas/requests/list-providers.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/idps/templates/_search (identity.management.v1.ListProvidersRequest; also POST /admin/v1/idps/templates/_search for the instance’s): the providers of the target organization and of the instance (AdminService: of the instance) that meet every query, in the order they were made, a page at a time.
 */
export interface ListProvidersRequest {
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
     * The provider’s id.
     */
    idpIdQuery?: {
      /**
       * The id to match.
       */
      id: string;
    };
    /**
     * The provider’s name, compared as method says.
     */
    idpNameQuery?: {
      /**
       * The text to compare the provider’s name with.
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
     * Whose the provider is.
     */
    ownerTypeQuery?: {
      /**
       * IDP_OWNER_TYPE_SYSTEM the instance’s, IDP_OWNER_TYPE_ORG the organization’s; IDP_OWNER_TYPE_UNSPECIFIED matches none.
       */
      ownerType?: 'IDP_OWNER_TYPE_UNSPECIFIED' | 'IDP_OWNER_TYPE_SYSTEM' | 'IDP_OWNER_TYPE_ORG';
    };
  }[];
}
