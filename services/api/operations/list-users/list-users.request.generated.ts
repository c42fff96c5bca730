/*
 * Generated from schemas/requests/list-users.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/_search (identity.management.v1.ListUsersRequest): the target organization's users that meet every query, ordered by sortingColumn then id, a page at a time.
 */
export interface ListUsersRequest {
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
   * USER_FIELD_NAME_UNSPECIFIED (the order users were made in) when omitted.
   */
  sortingColumn?:
    | 'USER_FIELD_NAME_UNSPECIFIED'
    | 'USER_FIELD_NAME_USER_NAME'
    | 'USER_FIELD_NAME_FIRST_NAME'
    | 'USER_FIELD_NAME_LAST_NAME'
    | 'USER_FIELD_NAME_NICK_NAME'
    | 'USER_FIELD_NAME_DISPLAY_NAME'
    | 'USER_FIELD_NAME_EMAIL'
    | 'USER_FIELD_NAME_STATE'
    | 'USER_FIELD_NAME_TYPE'
    | 'USER_FIELD_NAME_CREATION_DATE';
  /**
   * At most 20, nested at most 5 deep; every one must hold.
   *
   * @maxItems 20
   */
  queries?: SearchQuery1[];
}
/**
 * One criterion (exactly one of the properties).
 */
export interface SearchQuery1 {
  /**
   * The user name, compared as method says.
   */
  userNameQuery?: {
    userName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's first name, compared as method says.
   */
  firstNameQuery?: {
    firstName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's last name, compared as method says.
   */
  lastNameQuery?: {
    lastName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's nick name, compared as method says.
   */
  nickNameQuery?: {
    nickName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's display name, compared as method says.
   */
  displayNameQuery?: {
    displayName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's email address, compared as method says.
   */
  emailQuery?: {
    emailAddress: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  stateQuery?: {
    /**
     * USER_STATE_UNSPECIFIED (when omitted) matches no user.
     */
    state?:
      | 'USER_STATE_UNSPECIFIED'
      | 'USER_STATE_ACTIVE'
      | 'USER_STATE_INACTIVE'
      | 'USER_STATE_DELETED'
      | 'USER_STATE_LOCKED'
      | 'USER_STATE_SUSPEND'
      | 'USER_STATE_INITIAL';
  };
  typeQuery?: {
    /**
     * TYPE_UNSPECIFIED (when omitted) matches no user.
     */
    type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
  };
  /**
   * The login name (the user name here), compared as method says.
   */
  loginNameQuery?: {
    loginName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  inUserIdsQuery?: {
    /**
     * @maxItems 1000
     */
    userIds?: string[];
  };
  inUserEmailsQuery?: {
    /**
     * Compared ignoring case.
     *
     * @maxItems 1000
     */
    userEmails?: string[];
  };
  /**
   * The caller's own id for the user, given at import, compared as method says.
   */
  externalIdQuery?: {
    externalId: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's phone (E.164 as stored; none is the empty text), compared as method says.
   */
  phoneQuery?: {
    number: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * When the user was made, to the millisecond the read model keeps (not ZITADEL's).
   */
  creationDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    creationDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * When the user last changed, to the millisecond the read model keeps (not ZITADEL's).
   */
  changeDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    changeDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * Holds when any of its queries holds.
   */
  orQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery2[];
  };
  /**
   * Holds when all its queries hold.
   */
  andQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery2[];
  };
  /**
   * Holds when its query does not.
   */
  notQuery?: {
    query: SearchQuery2;
  };
}
/**
 * One criterion (exactly one of the properties).
 */
export interface SearchQuery2 {
  /**
   * The user name, compared as method says.
   */
  userNameQuery?: {
    userName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's first name, compared as method says.
   */
  firstNameQuery?: {
    firstName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's last name, compared as method says.
   */
  lastNameQuery?: {
    lastName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's nick name, compared as method says.
   */
  nickNameQuery?: {
    nickName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's display name, compared as method says.
   */
  displayNameQuery?: {
    displayName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's email address, compared as method says.
   */
  emailQuery?: {
    emailAddress: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  stateQuery?: {
    /**
     * USER_STATE_UNSPECIFIED (when omitted) matches no user.
     */
    state?:
      | 'USER_STATE_UNSPECIFIED'
      | 'USER_STATE_ACTIVE'
      | 'USER_STATE_INACTIVE'
      | 'USER_STATE_DELETED'
      | 'USER_STATE_LOCKED'
      | 'USER_STATE_SUSPEND'
      | 'USER_STATE_INITIAL';
  };
  typeQuery?: {
    /**
     * TYPE_UNSPECIFIED (when omitted) matches no user.
     */
    type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
  };
  /**
   * The login name (the user name here), compared as method says.
   */
  loginNameQuery?: {
    loginName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  inUserIdsQuery?: {
    /**
     * @maxItems 1000
     */
    userIds?: string[];
  };
  inUserEmailsQuery?: {
    /**
     * Compared ignoring case.
     *
     * @maxItems 1000
     */
    userEmails?: string[];
  };
  /**
   * The caller's own id for the user, given at import, compared as method says.
   */
  externalIdQuery?: {
    externalId: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's phone (E.164 as stored; none is the empty text), compared as method says.
   */
  phoneQuery?: {
    number: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * When the user was made, to the millisecond the read model keeps (not ZITADEL's).
   */
  creationDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    creationDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * When the user last changed, to the millisecond the read model keeps (not ZITADEL's).
   */
  changeDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    changeDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * Holds when any of its queries holds.
   */
  orQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery3[];
  };
  /**
   * Holds when all its queries hold.
   */
  andQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery3[];
  };
  /**
   * Holds when its query does not.
   */
  notQuery?: {
    query: SearchQuery3;
  };
}
/**
 * One criterion (exactly one of the properties).
 */
export interface SearchQuery3 {
  /**
   * The user name, compared as method says.
   */
  userNameQuery?: {
    userName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's first name, compared as method says.
   */
  firstNameQuery?: {
    firstName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's last name, compared as method says.
   */
  lastNameQuery?: {
    lastName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's nick name, compared as method says.
   */
  nickNameQuery?: {
    nickName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's display name, compared as method says.
   */
  displayNameQuery?: {
    displayName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's email address, compared as method says.
   */
  emailQuery?: {
    emailAddress: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  stateQuery?: {
    /**
     * USER_STATE_UNSPECIFIED (when omitted) matches no user.
     */
    state?:
      | 'USER_STATE_UNSPECIFIED'
      | 'USER_STATE_ACTIVE'
      | 'USER_STATE_INACTIVE'
      | 'USER_STATE_DELETED'
      | 'USER_STATE_LOCKED'
      | 'USER_STATE_SUSPEND'
      | 'USER_STATE_INITIAL';
  };
  typeQuery?: {
    /**
     * TYPE_UNSPECIFIED (when omitted) matches no user.
     */
    type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
  };
  /**
   * The login name (the user name here), compared as method says.
   */
  loginNameQuery?: {
    loginName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  inUserIdsQuery?: {
    /**
     * @maxItems 1000
     */
    userIds?: string[];
  };
  inUserEmailsQuery?: {
    /**
     * Compared ignoring case.
     *
     * @maxItems 1000
     */
    userEmails?: string[];
  };
  /**
   * The caller's own id for the user, given at import, compared as method says.
   */
  externalIdQuery?: {
    externalId: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's phone (E.164 as stored; none is the empty text), compared as method says.
   */
  phoneQuery?: {
    number: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * When the user was made, to the millisecond the read model keeps (not ZITADEL's).
   */
  creationDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    creationDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * When the user last changed, to the millisecond the read model keeps (not ZITADEL's).
   */
  changeDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    changeDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * Holds when any of its queries holds.
   */
  orQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery4[];
  };
  /**
   * Holds when all its queries hold.
   */
  andQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery4[];
  };
  /**
   * Holds when its query does not.
   */
  notQuery?: {
    query: SearchQuery4;
  };
}
/**
 * One criterion (exactly one of the properties).
 */
export interface SearchQuery4 {
  /**
   * The user name, compared as method says.
   */
  userNameQuery?: {
    userName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's first name, compared as method says.
   */
  firstNameQuery?: {
    firstName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's last name, compared as method says.
   */
  lastNameQuery?: {
    lastName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's nick name, compared as method says.
   */
  nickNameQuery?: {
    nickName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's display name, compared as method says.
   */
  displayNameQuery?: {
    displayName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's email address, compared as method says.
   */
  emailQuery?: {
    emailAddress: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  stateQuery?: {
    /**
     * USER_STATE_UNSPECIFIED (when omitted) matches no user.
     */
    state?:
      | 'USER_STATE_UNSPECIFIED'
      | 'USER_STATE_ACTIVE'
      | 'USER_STATE_INACTIVE'
      | 'USER_STATE_DELETED'
      | 'USER_STATE_LOCKED'
      | 'USER_STATE_SUSPEND'
      | 'USER_STATE_INITIAL';
  };
  typeQuery?: {
    /**
     * TYPE_UNSPECIFIED (when omitted) matches no user.
     */
    type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
  };
  /**
   * The login name (the user name here), compared as method says.
   */
  loginNameQuery?: {
    loginName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  inUserIdsQuery?: {
    /**
     * @maxItems 1000
     */
    userIds?: string[];
  };
  inUserEmailsQuery?: {
    /**
     * Compared ignoring case.
     *
     * @maxItems 1000
     */
    userEmails?: string[];
  };
  /**
   * The caller's own id for the user, given at import, compared as method says.
   */
  externalIdQuery?: {
    externalId: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's phone (E.164 as stored; none is the empty text), compared as method says.
   */
  phoneQuery?: {
    number: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * When the user was made, to the millisecond the read model keeps (not ZITADEL's).
   */
  creationDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    creationDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * When the user last changed, to the millisecond the read model keeps (not ZITADEL's).
   */
  changeDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    changeDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * Holds when any of its queries holds.
   */
  orQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery5[];
  };
  /**
   * Holds when all its queries hold.
   */
  andQuery?: {
    /**
     * @maxItems 20
     */
    queries?: SearchQuery5[];
  };
  /**
   * Holds when its query does not.
   */
  notQuery?: {
    query: SearchQuery5;
  };
}
/**
 * One criterion (exactly one of the properties), at the deepest level: no orQuery, andQuery or notQuery.
 */
export interface SearchQuery5 {
  /**
   * The user name, compared as method says.
   */
  userNameQuery?: {
    userName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's first name, compared as method says.
   */
  firstNameQuery?: {
    firstName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's last name, compared as method says.
   */
  lastNameQuery?: {
    lastName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's nick name, compared as method says.
   */
  nickNameQuery?: {
    nickName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's display name, compared as method says.
   */
  displayNameQuery?: {
    displayName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's email address, compared as method says.
   */
  emailQuery?: {
    emailAddress: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  stateQuery?: {
    /**
     * USER_STATE_UNSPECIFIED (when omitted) matches no user.
     */
    state?:
      | 'USER_STATE_UNSPECIFIED'
      | 'USER_STATE_ACTIVE'
      | 'USER_STATE_INACTIVE'
      | 'USER_STATE_DELETED'
      | 'USER_STATE_LOCKED'
      | 'USER_STATE_SUSPEND'
      | 'USER_STATE_INITIAL';
  };
  typeQuery?: {
    /**
     * TYPE_UNSPECIFIED (when omitted) matches no user.
     */
    type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE';
  };
  /**
   * The login name (the user name here), compared as method says.
   */
  loginNameQuery?: {
    loginName: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
  inUserIdsQuery?: {
    /**
     * @maxItems 1000
     */
    userIds?: string[];
  };
  inUserEmailsQuery?: {
    /**
     * Compared ignoring case.
     *
     * @maxItems 1000
     */
    userEmails?: string[];
  };
  /**
   * The caller's own id for the user, given at import, compared as method says.
   */
  externalIdQuery?: {
    externalId: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * A person's phone (E.164 as stored; none is the empty text), compared as method says.
   */
  phoneQuery?: {
    number: string;
    /**
     * TEXT_QUERY_METHOD_EQUALS when omitted; the GREATER and LESS methods compare by code point (not ZITADEL's).
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
   * When the user was made, to the millisecond the read model keeps (not ZITADEL's).
   */
  creationDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    creationDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
  /**
   * When the user last changed, to the millisecond the read model keeps (not ZITADEL's).
   */
  changeDateQuery?: {
    /**
     * An RFC 3339 time.
     */
    changeDate: string;
    /**
     * TIMESTAMP_QUERY_METHOD_EQUALS when omitted.
     */
    method?:
      | 'TIMESTAMP_QUERY_METHOD_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_GREATER'
      | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
      | 'TIMESTAMP_QUERY_METHOD_LESS'
      | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';
  };
}
