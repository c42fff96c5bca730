/*
 * Generated from schemas/requests/list-user-grants.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/grants/_search (identity.management.v1.ListUserGrantRequest): the grants of the target organization's users that meet every query, in the order they were made, a page at a time.
 */
export interface ListUserGrantRequest {
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
     * The grant's project.
     */
    projectIdQuery?: {
      /**
       * An id.
       */
      projectId?: string;
    };
    /**
     * The user holding the grant.
     */
    userIdQuery?: {
      /**
       * An id.
       */
      userId?: string;
    };
    /**
     * Some role key of the grant, compared as method says.
     */
    roleKeyQuery?: {
      /**
       * The text to compare with.
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
    /**
     * The project grant it is held through.
     */
    projectGrantIdQuery?: {
      /**
       * An id.
       */
      projectGrantId?: string;
    };
    /**
     * The user's name, compared as method says.
     */
    userNameQuery?: {
      /**
       * The text to compare with.
       */
      userName: string;
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
     * The user's first name, compared as method says.
     */
    firstNameQuery?: {
      /**
       * The text to compare with.
       */
      firstName: string;
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
     * The user's last name, compared as method says.
     */
    lastNameQuery?: {
      /**
       * The text to compare with.
       */
      lastName: string;
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
     * The user's email, compared as method says.
     */
    emailQuery?: {
      /**
       * The text to compare with.
       */
      email: string;
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
     * The project's name, compared as method says.
     */
    projectNameQuery?: {
      /**
       * The text to compare with.
       */
      projectName: string;
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
     * The user's display name, compared as method says.
     */
    displayNameQuery?: {
      /**
       * The text to compare with.
       */
      displayName: string;
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
     * The user's type: a person or a machine user.
     */
    userTypeQuery?: {
      /**
       * TYPE_UNSPECIFIED (when omitted) matches no user.
       */
      type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
    };
  }[];
}
