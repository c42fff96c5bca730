import { jsonOf } from './read-details.js';
import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { partDetails, type OwnProject, type PartDetails } from './project-parts.js';
import { readPage } from './read-pages.js';
import {
  allOf,
  inCondition,
  NEVER,
  someTextCondition,
  textCondition,
  type TextQueryMethod,
} from './text-conditions.js';

/**
 * A project's grants to other organizations, from `project_grants`, the table their operations
 * write (there is no read model of project grants).
 */

/** A project grant as a read answers it (identity.management.v1.GrantedProject). */
export interface GrantedProjectView {
  grantId: string;
  grantedOrgId: string;
  grantedOrgName: string;
  grantedRoleKeys: string[];
  state: 'PROJECT_GRANT_STATE_ACTIVE';
  projectId: string;
  projectName: string;
  projectOwnerId: string;
  projectOwnerName: string;
  details: PartDetails;
}

/** One criterion of a project grant search (identity.management.v1.ProjectGrantQuery). */
export interface ProjectGrantQuery {
  projectNameQuery?: { name: string; method?: TextQueryMethod };
  roleKeyQuery?: { roleKey: string; method?: TextQueryMethod };
}

export interface ListProjectGrantsInput {
  query?: ListQueryInput;
  queries?: ProjectGrantQuery[];
}

const GRANT_EVENTS = { prefix: 'project.grant', idField: 'grantId' };

/** The grants as a page reads them: with their project's name, which a query may name. */
const GRANTS = `(SELECT project_grants.*, projects.name AS project_name
   FROM project_grants JOIN projects ON projects.id = project_grants.project_id) grants`;

/** The grant `grantId` of the project, or undefined (one of another project too). */
export async function findProjectGrant(
  dataSource: DataSource,
  project: OwnProject,
  grantId: string,
): Promise<GrantedProjectView | undefined> {
  const rows: GrantRow[] = await dataSource.query(
    'SELECT id, granted_org_id, role_keys FROM project_grants WHERE id = ? AND project_id = ?',
    [grantId, project.id],
  );
  return (await grantViews(dataSource, project, rows))[0];
}

/** The project's grants that meet every query, in the order they were made, a page. */
export async function listProjectGrants(
  dataSource: DataSource,
  project: OwnProject,
  input: ListProjectGrantsInput,
): Promise<{ details: ListDetails; result: GrantedProjectView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  // A cursor continues the list of one project's grants only.
  const of = [project.id, queries];
  const { rows, details } = await readPage<GrantRow>(dataSource, {
    table: GRANTS,
    matching: allOf([
      { sql: 'project_id = ?', params: [project.id] },
      ...queries.map((query) => grantCondition(dialect, query)),
    ]),
    sort: 'id',
    page: pageOf(input.query, of),
    of,
  });
  return { details, result: await grantViews(dataSource, project, rows) };
}

function grantCondition(dialect: Dialect, query: ProjectGrantQuery): Write {
  if (query.projectNameQuery) {
    const { name, method } = query.projectNameQuery;
    return textCondition(dialect, { column: 'project_name' }, name, method);
  }
  if (query.roleKeyQuery) {
    const { roleKey, method } = query.roleKeyQuery;
    return someTextCondition(dialect, 'role_keys', roleKey, method);
  }
  return NEVER;
}

/** A row of `project_grants` as the driver answers it (JSON as text on MariaDB and SQLite). */
interface GrantRow {
  id: string;
  granted_org_id: string;
  role_keys: string | string[];
}

async function grantViews(
  dataSource: DataSource,
  project: OwnProject,
  rows: GrantRow[],
): Promise<GrantedProjectView[]> {
  if (rows.length === 0) return [];
  const orgs = inCondition('id', [...new Set(rows.map((row) => row.granted_org_id))]);
  const [names, detailsOf] = await Promise.all([
    dataSource.query(
      `SELECT id, name FROM organizations WHERE ${orgs.sql}`,
      orgs.params,
    ) as Promise<{ id: string; name: string }[]>,
    partDetails(
      dataSource,
      project,
      GRANT_EVENTS,
      rows.map((row) => row.id),
    ),
  ]);
  const nameOf = new Map(names.map((org) => [org.id, org.name]));
  return rows.map((row) => ({
    grantId: row.id,
    grantedOrgId: row.granted_org_id,
    grantedOrgName: nameOf.get(row.granted_org_id) ?? '',
    grantedRoleKeys: jsonOf(row.role_keys),
    state: 'PROJECT_GRANT_STATE_ACTIVE',
    projectId: project.id,
    projectName: project.name,
    projectOwnerId: project.orgId,
    projectOwnerName: project.orgName,
    details: detailsOf(row.id),
  }));
}
