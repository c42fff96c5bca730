/*
 * Generated from schemas/requests/list-project-grants.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{projectId}/grants/_search (identity.management.v1.ListProjectGrantsRequest): the project's grants to other organizations that meet every query, in the order they were made, a page at a time.
 */
export interface ListProjectGrantsRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
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
     * The granted project's name, compared as method says (the grants listed are of one project: all or none).
     */
    projectNameQuery?: {
      /**
       * The text to compare the project's name with.
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
     * Some role key of the grant, compared as method says.
     */
    roleKeyQuery?: {
      /**
       * The text to compare a role key with.
       */
      roleKey: string;
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
