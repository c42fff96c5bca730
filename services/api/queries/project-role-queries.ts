import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { partDetails, type OwnProject, type PartDetails } from './project-parts.js';
import { readPage } from './read-pages.js';
import { allOf, NEVER, textCondition, type TextQueryMethod } from './text-conditions.js';

/** A role as a read answers it (identity.management.v1.Role). */
export interface RoleView {
  key: string;
  details: PartDetails;
  displayName: string;
  group: string;
}

/** One criterion of a role search (identity.management.v1.RoleQuery). */
export interface RoleQuery {
  keyQuery?: { key: string; method?: TextQueryMethod };
  displayNameQuery?: { displayName: string; method?: TextQueryMethod };
}

export interface ListProjectRolesInput {
  query?: ListQueryInput;
  queries?: RoleQuery[];
}

/** The roles as a page reads them: the key as the row's id. */
const ROLES =
  '(SELECT project_id, role_key AS id, display_name, role_group FROM project_roles) roles';

/**
 * The project's roles that meet every query, ordered by key, a page; from `project_roles`, the
 * table the role operations write (there is no read model of roles).
 */
export async function listProjectRoles(
  dataSource: DataSource,
  project: OwnProject,
  input: ListProjectRolesInput,
): Promise<{ details: ListDetails; result: RoleView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  // A cursor continues the list of one project's roles only.
  const of = [project.id, queries];
  const { rows, details } = await readPage<RoleRow>(dataSource, {
    table: ROLES,
    matching: allOf([
      { sql: 'project_id = ?', params: [project.id] },
      ...queries.map((query) => roleCondition(dialect, query)),
    ]),
    sort: 'id',
    page: pageOf(input.query, of),
    of,
  });
  const detailsOf = await partDetails(
    dataSource,
    project,
    { prefix: 'project.role', idField: 'key' },
    rows.map((row) => row.id),
  );
  return {
    details,
    result: rows.map((row) => ({
      key: row.id,
      details: detailsOf(row.id),
      displayName: row.display_name,
      group: row.role_group,
    })),
  };
}

function roleCondition(dialect: Dialect, query: RoleQuery): Write {
  if (query.keyQuery)
    return textCondition(dialect, { column: 'id' }, query.keyQuery.key, query.keyQuery.method);
  if (query.displayNameQuery) {
    const { displayName, method } = query.displayNameQuery;
    return textCondition(dialect, { column: 'display_name' }, displayName, method);
  }
  return NEVER;
}

/** A role as the page reads it. */
interface RoleRow {
  id: string;
  display_name: string;
  role_group: string;
}
