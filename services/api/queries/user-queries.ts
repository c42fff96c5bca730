import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { readPage } from './read-pages.js';
import { timestampCondition, type TimestampQueryMethod } from './timestamp-conditions.js';
import {
  allOf,
  anyOf,
  inCondition,
  NEVER,
  not,
  textCondition,
  type TextColumn,
  type TextQueryMethod,
} from './text-conditions.js';
import {
  STATE_NAMES,
  USER_COLUMNS,
  userView,
  type UserRow,
  type UserState,
  type UserView,
} from './user-views.js';

/**
 * What each sorting column orders by (then the id). The user name and the email order by their
 * search keys, ignoring case: the organization's index on each serves a page from any cursor.
 */
const SORTS = {
  USER_FIELD_NAME_UNSPECIFIED: 'id',
  USER_FIELD_NAME_USER_NAME: 'user_name_lower',
  USER_FIELD_NAME_FIRST_NAME: 'first_name',
  USER_FIELD_NAME_LAST_NAME: 'last_name',
  USER_FIELD_NAME_NICK_NAME: "COALESCE(nick_name, '')",
  USER_FIELD_NAME_DISPLAY_NAME: 'display_name',
  USER_FIELD_NAME_EMAIL: 'email_lower',
  USER_FIELD_NAME_STATE: 'state',
  USER_FIELD_NAME_TYPE: 'type',
  USER_FIELD_NAME_CREATION_DATE: 'creation_date',
} as const;

export type UserFieldName = keyof typeof SORTS;

interface TextQuery {
  method?: TextQueryMethod;
}

/** One criterion of a user search (identity.v1.UserSearchQuery): one property set. */
export interface UserSearchQuery {
  userNameQuery?: TextQuery & { userName: string };
  firstNameQuery?: TextQuery & { firstName: string };
  lastNameQuery?: TextQuery & { lastName: string };
  nickNameQuery?: TextQuery & { nickName: string };
  displayNameQuery?: TextQuery & { displayName: string };
  emailQuery?: TextQuery & { emailAddress: string };
  loginNameQuery?: TextQuery & { loginName: string };
  externalIdQuery?: TextQuery & { externalId: string };
  phoneQuery?: TextQuery & { number: string };
  creationDateQuery?: { creationDate: string; method?: TimestampQueryMethod };
  changeDateQuery?: { changeDate: string; method?: TimestampQueryMethod };
  stateQuery?: { state?: UserState };
  typeQuery?: { type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE' };
  inUserIdsQuery?: { userIds?: string[] };
  inUserEmailsQuery?: { userEmails?: string[] };
  orQuery?: { queries?: UserSearchQuery[] };
  andQuery?: { queries?: UserSearchQuery[] };
  notQuery?: { query: UserSearchQuery };
}

export interface ListUsersInput {
  query?: ListQueryInput;
  sortingColumn?: UserFieldName;
  queries?: UserSearchQuery[];
}

export interface UserList {
  details: ListDetails;
  sortingColumn: UserFieldName;
  result: UserView[];
}

const USER_NAME: TextColumn = { column: 'user_name', key: 'user_name_lower' };

/** The text queries: the property that holds the text, and the column it is compared with. */
const TEXT_QUERIES: Record<string, [string, TextColumn]> = {
  userNameQuery: ['userName', USER_NAME],
  loginNameQuery: ['loginName', USER_NAME],
  firstNameQuery: ['firstName', { column: 'first_name' }],
  lastNameQuery: ['lastName', { column: 'last_name' }],
  nickNameQuery: ['nickName', { column: "COALESCE(nick_name, '')" }],
  displayNameQuery: ['displayName', { column: 'display_name' }],
  emailQuery: ['emailAddress', { column: 'email', key: 'email_lower' }],
  externalIdQuery: ['externalId', { column: "COALESCE(external_id, '')" }],
  phoneQuery: ['number', { column: "COALESCE(phone, '')" }],
};

/** A state as the read model keeps it; the others match no user (none is kept as deleted). */
const STATES = Object.fromEntries(
  Object.entries(STATE_NAMES).map(([stored, name]) => [name, stored]),
) as Partial<Record<UserState, string>>;

const TYPES = { TYPE_HUMAN: 'human', TYPE_MACHINE: 'machine' } as const;

/** A removed user's row stays as a tombstone (so that no late event brings it back): never read. */
const READABLE = "state <> 'removed'";

/** The user `userId` of the organization `orgId`, as the read model holds it, if there is one. */
export async function findUser(
  dataSource: DataSource,
  orgId: string,
  userId: string,
): Promise<UserView | undefined> {
  const rows: UserRow[] = await dataSource.query(
    `SELECT ${USER_COLUMNS} FROM user_read_models WHERE id = ? AND org_id = ? AND ${READABLE}`,
    [userId, orgId],
  );
  return rows[0] && userView(rows[0]);
}

/**
 * The organization's users that meet every query, a page of them in the order asked, with how
 * many there are in all and how far the read model got.
 */
export async function listUsers(
  dataSource: DataSource,
  orgId: string,
  input: ListUsersInput,
): Promise<UserList> {
  const dialect = dialectOf(dataSource);
  const sortingColumn = input.sortingColumn ?? 'USER_FIELD_NAME_UNSPECIFIED';
  const sort: string = SORTS[sortingColumn];
  const page = pageOf(input.query, [sortingColumn, input.queries ?? []]);
  const matching = allOf([
    { sql: `org_id = ? AND ${READABLE}`, params: [orgId] },
    ...(input.queries ?? []).map((query) => searchCondition(dialect, query)),
  ]);
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<UserRow>(dataSource, {
    table: 'user_read_models',
    readModel: 'user-read-model',
    matching,
    sort,
    page,
    of: [sortingColumn, queries],
    cursorIndex: cursorIndex(sort, queries),
    indexes: indexesFor(sort, queries),
    columns: USER_COLUMNS,
    // What no query narrows is every user of the organization, whose number the database keeps.
    ...(queries.length === 0 && { total: () => userCount(dataSource, orgId) }),
  });
  return {
    details,
    sortingColumn,
    result: rows.map(userView),
  };
}

/** How many users the organization has, as `org_user_counts` keeps it (OrgUserCounts1764620000000). */
async function userCount(dataSource: DataSource, orgId: string): Promise<string> {
  const rows: { users: number | string }[] = await dataSource.query(
    'SELECT users FROM org_user_counts WHERE org_id = ?',
    [orgId],
  );
  return String(rows[0]?.users ?? 0);
}

/** The indexes that hold the organization's users in the order of a sort column. */
const ORDERED_BY: Record<string, string> = {
  id: 'user_read_models_org_id',
  user_name_lower: 'user_read_models_org_user_name',
  email_lower: 'user_read_models_org_email',
  display_name: 'user_read_models_org_display_name',
  state: 'user_read_models_org_state',
  type: 'user_read_models_org_type',
  creation_date: 'user_read_models_org_created',
};

/** The index that can narrow each criterion of the top level to its rows, if the column has one. */
const NARROWED_BY: Partial<Record<keyof UserSearchQuery, string>> = {
  userNameQuery: 'user_read_models_org_user_name',
  loginNameQuery: 'user_read_models_org_user_name',
  emailQuery: 'user_read_models_org_email',
  inUserEmailsQuery: 'user_read_models_org_email',
  inUserIdsQuery: 'PRIMARY',
  displayNameQuery: 'user_read_models_org_display_name',
  creationDateQuery: 'user_read_models_org_created',
  changeDateQuery: 'user_read_models_org_changed',
  stateQuery: 'user_read_models_org_state',
  typeQuery: 'user_read_models_org_type',
};

const COMBINED: readonly (keyof UserSearchQuery)[] = ['orQuery', 'andQuery', 'notQuery'];

/**
 * Every index a list can be read through: the order's (or the organization's, to walk it), and
 * each criterion's whose column has one. None where criteria are combined, whose indexes the
 * planner may merge: it weighs them all.
 */
function indexesFor(sort: string, queries: readonly UserSearchQuery[]): string[] | undefined {
  const properties = queries.flatMap((query) => Object.keys(query) as (keyof UserSearchQuery)[]);
  if (properties.some((property) => COMBINED.includes(property))) return undefined;
  const narrowing = properties.map((property) => NARROWED_BY[property]);
  const walked = [ORDERED_BY[sort], ORDERED_BY.id];
  return [...new Set([...walked, ...narrowing].filter((index) => index !== undefined))];
}

/** The column an index narrows a criterion of the top level to, if any. */
function narrowedBy(query: UserSearchQuery): string | undefined {
  const text = query.userNameQuery ?? query.loginNameQuery;
  const prefix = (method?: TextQueryMethod) =>
    method === 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' ||
    method === 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE';
  if (text && prefix(text.method)) return 'user_name_lower';
  if (query.emailQuery && prefix(query.emailQuery.method)) return 'email_lower';
  if (query.inUserEmailsQuery) return 'email_lower';
  if (query.inUserIdsQuery) return 'id';
  if (query.creationDateQuery) return 'creation_date';
  if (query.changeDateQuery) return 'change_date';
  return undefined;
}

/**
 * The index a page after a cursor reads, when that is the sort column's: its range starts at the
 * cursor, so a page deep in a million users costs what the first does. Not when a criterion is
 * narrowed by another index: its few rows, sorted, are cheaper.
 */
function cursorIndex(sort: string, queries: readonly UserSearchQuery[]): string | undefined {
  const index = ORDERED_BY[sort];
  const narrowed = queries.map(narrowedBy).filter((column) => column !== undefined);
  return index && narrowed.every((column) => column === sort) ? index : undefined;
}

/** The condition of one criterion, its combinations nested as the schema allows (5 deep). */
function searchCondition(dialect: Dialect, query: UserSearchQuery): Write {
  for (const [name, [property, target]] of Object.entries(TEXT_QUERIES)) {
    const text = query[name as keyof UserSearchQuery] as
      (TextQuery & Record<string, string>) | undefined;
    if (text) return textCondition(dialect, target, text[property] ?? '', text.method);
  }
  if (query.creationDateQuery) {
    const { creationDate, method } = query.creationDateQuery;
    return timestampCondition('creation_date', creationDate, method);
  }
  if (query.changeDateQuery) {
    const { changeDate, method } = query.changeDateQuery;
    return timestampCondition('change_date', changeDate, method);
  }
  if (query.stateQuery) {
    const state = STATES[query.stateQuery.state ?? 'USER_STATE_UNSPECIFIED'];
    return state ? { sql: 'state = ?', params: [state] } : NEVER;
  }
  if (query.typeQuery) {
    const type = query.typeQuery.type;
    return type && type !== 'TYPE_UNSPECIFIED' ? { sql: 'type = ?', params: [TYPES[type]] } : NEVER;
  }
  if (query.inUserIdsQuery) return inCondition('id', query.inUserIdsQuery.userIds ?? []);
  if (query.inUserEmailsQuery)
    return inCondition(
      'email_lower',
      (query.inUserEmailsQuery.userEmails ?? []).map(uniqueNameKey),
    );
  const nested = (queries: UserSearchQuery[] | undefined) =>
    (queries ?? []).map((each) => searchCondition(dialect, each));
  if (query.orQuery) return anyOf(nested(query.orQuery.queries));
  if (query.andQuery) return allOf(nested(query.andQuery.queries));
  if (query.notQuery) return not(searchCondition(dialect, query.notQuery.query));
  return NEVER;
}

export type { UserState, UserView } from './user-views.js';
