import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { jsonOf, readDetailsOf, type ReadDetails, type ReadModelRow } from './read-details.js';
import { readPage } from './read-pages.js';
import {
  allOf,
  NEVER,
  someTextCondition,
  textCondition,
  type TextColumn,
  type TextQueryMethod,
} from './text-conditions.js';

/** A user grant as a read answers it (identity.management.v1.UserGrant). */
export interface UserGrantView {
  id: string;
  details: ReadDetails;
  roleKeys: string[];
  state: 'USER_GRANT_STATE_ACTIVE';
  userId: string;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  displayName: string;
  orgId: string;
  projectId: string;
  projectName: string;
  projectGrantId?: string;
  userType: 'TYPE_HUMAN' | 'TYPE_MACHINE' | 'TYPE_UNSPECIFIED';
}

type TextQuery<Field extends string> = { [F in Field]: string } & { method?: TextQueryMethod };

/** One criterion of a user grant search (identity.management.v1.UserGrantQuery). */
export interface UserGrantQuery {
  projectIdQuery?: { projectId?: string };
  userIdQuery?: { userId?: string };
  roleKeyQuery?: TextQuery<'roleKey'>;
  projectGrantIdQuery?: { projectGrantId?: string };
  userNameQuery?: TextQuery<'userName'>;
  firstNameQuery?: TextQuery<'firstName'>;
  lastNameQuery?: TextQuery<'lastName'>;
  emailQuery?: TextQuery<'email'>;
  projectNameQuery?: TextQuery<'projectName'>;
  displayNameQuery?: TextQuery<'displayName'>;
  userTypeQuery?: { type?: 'TYPE_UNSPECIFIED' | 'TYPE_HUMAN' | 'TYPE_MACHINE' };
}

export interface ListUserGrantsInput {
  query?: ListQueryInput;
  queries?: UserGrantQuery[];
}

/**
 * The grants a page reads: the user grant read model's rows that are not removed, with their
 * user's names (the user read model's) and their project's name (the project read model's).
 */
const GRANTS = `(SELECT user_grant_read_models.*, user_read_models.user_name,
     user_read_models.user_name_lower, user_read_models.first_name, user_read_models.last_name,
     user_read_models.email, user_read_models.email_lower, user_read_models.display_name,
     user_read_models.type AS user_type, project_read_models.name AS project_name
   FROM user_grant_read_models
   LEFT JOIN user_read_models ON user_read_models.id = user_grant_read_models.user_id
   LEFT JOIN project_read_models ON project_read_models.id = user_grant_read_models.project_id
   WHERE user_grant_read_models.removed = 0) grants`;

/** The columns a text query compares (with a search key where the user read model keeps one). */
const TEXTS: Record<string, [property: string, column: TextColumn]> = {
  userNameQuery: ['userName', { column: 'user_name', key: 'user_name_lower' }],
  firstNameQuery: ['firstName', { column: 'first_name' }],
  lastNameQuery: ['lastName', { column: 'last_name' }],
  emailQuery: ['email', { column: 'email', key: 'email_lower' }],
  projectNameQuery: ['projectName', { column: 'project_name' }],
  displayNameQuery: ['displayName', { column: 'display_name' }],
};

const IDS: Record<string, [property: string, column: string]> = {
  projectIdQuery: ['projectId', 'project_id'],
  userIdQuery: ['userId', 'user_id'],
  projectGrantIdQuery: ['projectGrantId', 'project_grant_id'],
};

const TYPES = { TYPE_HUMAN: 'human', TYPE_MACHINE: 'machine' } as const;

/**
 * The grants of the organization's users that meet every query, in the order they were made, a
 * page; from the read model of user grants.
 */
export async function listUserGrants(
  dataSource: DataSource,
  orgId: string,
  input: ListUserGrantsInput,
): Promise<{ details: ListDetails; result: UserGrantView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<UserGrantRow>(dataSource, {
    table: GRANTS,
    readModel: 'user-grant-read-model',
    matching: allOf([
      { sql: 'org_id = ?', params: [orgId] },
      ...queries.map((query) => grantCondition(dialect, query)),
    ]),
    sort: 'id',
    page: pageOf(input.query, queries),
    of: queries,
  });
  return { details, result: rows.map(userGrantView) };
}

function grantCondition(dialect: Dialect, query: UserGrantQuery): Write {
  const [name, criterion] = Object.entries(query)[0] ?? [];
  const values = (criterion ?? {}) as Record<string, string | undefined>;
  if (name && name in IDS) {
    const [property, column] = IDS[name]!;
    return { sql: `${column} = ?`, params: [values[property] ?? ''] };
  }
  if (name && name in TEXTS) {
    const [property, column] = TEXTS[name]!;
    const method = values.method as TextQueryMethod | undefined;
    return textCondition(dialect, column, values[property] ?? '', method);
  }
  if (query.roleKeyQuery) {
    const { roleKey, method } = query.roleKeyQuery;
    return someTextCondition(dialect, 'role_keys', roleKey, method);
  }
  const type = query.userTypeQuery?.type;
  return type && type !== 'TYPE_UNSPECIFIED'
    ? { sql: 'user_type = ?', params: [TYPES[type]] }
    : NEVER;
}

/** A grant as the page reads it; the user's and project's columns are null before their rows. */
interface UserGrantRow extends ReadModelRow {
  user_id: string;
  project_id: string;
  project_grant_id: string | null;
  role_keys: string | string[];
  user_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  display_name: string | null;
  user_type: 'human' | 'machine' | null;
  project_name: string | null;
}

function userGrantView(row: UserGrantRow): UserGrantView {
  return {
    id: row.id,
    details: readDetailsOf(row),
    roleKeys: jsonOf(row.role_keys),
    state: 'USER_GRANT_STATE_ACTIVE',
    userId: row.user_id,
    userName: row.user_name ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    displayName: row.display_name ?? '',
    orgId: row.org_id,
    projectId: row.project_id,
    projectName: row.project_name ?? '',
    ...(row.project_grant_id && { projectGrantId: row.project_grant_id }),
    userType:
      row.user_type === 'human'
        ? 'TYPE_HUMAN'
        : row.user_type === 'machine'
          ? 'TYPE_MACHINE'
          : 'TYPE_UNSPECIFIED',
  };
}
