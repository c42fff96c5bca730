import { roleHoldings, writtenDetailsOf } from './read-details.js';
import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import type { Role } from '../../../shared/db/entities/role-grant.entity.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { readPage } from './read-pages.js';
import {
  allOf,
  inCondition,
  NEVER,
  textCondition,
  type TextQueryMethod,
} from './text-conditions.js';

/*
 * The reads of organizations and their members. No read model holds organizations or their
 * members: these read the tables the operations write (`organizations`, `role_grants`, `users`,
 * `machine_users`), so a read shows every write committed before it and needs no wait.
 */

/**
 * An organization's details: the sequence and date of its last event (its own, its members' or
 * its label policy's: an ETag its changes take as If-Match), its creation, and itself as owner.
 */
export interface OrgDetails {
  sequence: string;
  creationDate: Date;
  changeDate: Date;
  resourceOwner: string;
}

/** An organization as a read answers it (identity.management.v1.Org). */
export interface OrgView {
  id: string;
  details: OrgDetails;
  state: 'ORG_STATE_ACTIVE' | 'ORG_STATE_INACTIVE';
  name: string;
}

/** A row of `organizations` as the driver answers it. */
interface OrgRow {
  id: string;
  name: string;
  state: 'active' | 'inactive';
  sequence: string | number;
  created_at: Date | string;
  change_date: Date | string | null;
}

/** The organization `orgId` as it is stored; none when there is no such organization. */
export async function findOrg(dataSource: DataSource, orgId: string): Promise<OrgView | undefined> {
  const rows: OrgRow[] = await dataSource.query(
    'SELECT id, name, state, sequence, created_at, change_date FROM organizations WHERE id = ?',
    [orgId],
  );
  return rows[0] && orgView(rows[0]);
}

function orgView(row: OrgRow): OrgView {
  return {
    id: row.id,
    details: writtenDetailsOf(row, row.id),
    state: row.state === 'active' ? 'ORG_STATE_ACTIVE' : 'ORG_STATE_INACTIVE',
    name: row.name,
  };
}

/** What organizations are ordered by (identity.admin.v1.OrgFieldName). */
export type OrgFieldName = 'ORG_FIELD_NAME_UNSPECIFIED' | 'ORG_FIELD_NAME_NAME';

/** One criterion of an organization search (identity.admin.v1.OrgQuery). */
export interface OrgQuery {
  nameQuery?: { name: string; method?: TextQueryMethod };
  stateQuery?: { state?: OrgView['state'] | 'ORG_STATE_UNSPECIFIED' };
}

export interface ListOrgsInput {
  query?: ListQueryInput;
  sortingColumn?: OrgFieldName;
  queries?: OrgQuery[];
}

const ORG_SORTS: Record<OrgFieldName, string> = {
  ORG_FIELD_NAME_UNSPECIFIED: 'id',
  ORG_FIELD_NAME_NAME: 'LOWER(name)',
};
const ORG_STATES: Record<string, OrgRow['state']> = {
  ORG_STATE_ACTIVE: 'active',
  ORG_STATE_INACTIVE: 'inactive',
};

/** Every organization of the instance that meets every query, in the order asked, a page. */
export async function listOrgs(
  dataSource: DataSource,
  input: ListOrgsInput,
): Promise<{ details: ListDetails; sortingColumn: OrgFieldName; result: OrgView[] }> {
  const dialect = dialectOf(dataSource);
  const sortingColumn = input.sortingColumn ?? 'ORG_FIELD_NAME_UNSPECIFIED';
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<OrgRow>(dataSource, {
    table: 'organizations',
    matching: allOf(queries.map((query) => orgCondition(dialect, query))),
    sort: ORG_SORTS[sortingColumn],
    page: pageOf(input.query, [sortingColumn, queries]),
    of: [sortingColumn, queries],
  });
  return { details, sortingColumn, result: rows.map(orgView) };
}

function orgCondition(dialect: Dialect, query: OrgQuery): Write {
  if (query.nameQuery)
    return textCondition(dialect, { column: 'name' }, query.nameQuery.name, query.nameQuery.method);
  const state = query.stateQuery && ORG_STATES[query.stateQuery.state ?? ''];
  return state ? { sql: 'state = ?', params: [state] } : NEVER;
}

/** A member of an organization as a read answers it (identity.management.v1.Member). */
export interface MemberView {
  userId: string;
  /** When its first role was granted and its last; the grants keep no sequence. */
  details: { creationDate: Date; changeDate: Date; resourceOwner: string };
  roles: Role[];
  preferredLoginName?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  userType: 'TYPE_HUMAN' | 'TYPE_MACHINE' | 'TYPE_UNSPECIFIED';
}

/** One criterion of a member search (identity.management.v1.MemberSearchQuery). */
export interface MemberQuery {
  userIdQuery?: { userId: string };
}

export interface ListMembersInput {
  query?: ListQueryInput;
  queries?: MemberQuery[];
}

/** The members of an organization, one row each: its user and when its roles were granted. */
const MEMBERS = roleHoldings('user_id', 'members');

interface MemberRow {
  id: string;
  org_id: string;
  creation_date: Date | string;
  change_date: Date | string;
}

/** The organization's members that meet every query, ordered by user id, a page of them. */
export async function listMembers(
  dataSource: DataSource,
  orgId: string,
  input: ListMembersInput,
): Promise<{ details: ListDetails; result: MemberView[] }> {
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<MemberRow>(dataSource, {
    table: MEMBERS,
    matching: allOf([{ sql: 'org_id = ?', params: [orgId] }, ...queries.map(memberCondition)]),
    sort: 'id',
    page: pageOf(input.query, queries),
    of: queries,
  });
  return { details, result: await membersOf(dataSource, orgId, rows) };
}

function memberCondition(query: MemberQuery): Write {
  if (query.userIdQuery) return { sql: 'id = ?', params: [query.userIdQuery.userId] };
  return NEVER;
}

interface GrantRow {
  user_id: string;
  role: Role;
}
interface PersonRow {
  id: string;
  user_name: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
}
interface MachineRow {
  id: string;
  user_name: string;
  name: string;
}

/** The page's members with their roles and who they are, a person or a machine user. */
async function membersOf(
  dataSource: DataSource,
  orgId: string,
  rows: MemberRow[],
): Promise<MemberView[]> {
  if (rows.length === 0) return [];
  const ids = inCondition(
    'id',
    rows.map((row) => row.id),
  );
  const userIds = inCondition('user_id', ids.params);
  const [grants, people, machines] = (await Promise.all([
    dataSource.query(
      `SELECT user_id, role FROM role_grants WHERE org_id = ? AND ${userIds.sql} ORDER BY role`,
      [orgId, ...userIds.params],
    ),
    dataSource.query(
      `SELECT id, user_name, email, first_name, last_name, display_name FROM users WHERE ${ids.sql}`,
      ids.params,
    ),
    dataSource.query(`SELECT id, user_name, name FROM machine_users WHERE ${ids.sql}`, ids.params),
  ])) as [GrantRow[], PersonRow[], MachineRow[]];
  return rows.map((row) => {
    const person = people.find((candidate) => candidate.id === row.id);
    const machine = machines.find((candidate) => candidate.id === row.id);
    return {
      userId: row.id,
      details: {
        creationDate: timeOf(row.creation_date)!,
        changeDate: timeOf(row.change_date)!,
        resourceOwner: orgId,
      },
      roles: grants.filter((grant) => grant.user_id === row.id).map((grant) => grant.role),
      ...(person && {
        preferredLoginName: person.user_name,
        email: person.email,
        firstName: person.first_name,
        lastName: person.last_name,
        displayName: person.display_name,
      }),
      ...(machine && { preferredLoginName: machine.user_name, displayName: machine.name }),
      userType: person ? 'TYPE_HUMAN' : machine ? 'TYPE_MACHINE' : 'TYPE_UNSPECIFIED',
    };
  });
}
