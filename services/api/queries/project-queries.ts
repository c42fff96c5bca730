import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import type { PrivateLabelingSetting } from '../../../shared/db/entities/project.entity.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { flag, readDetailsOf, type ReadDetails, type ReadModelRow } from './read-details.js';
import { readPage } from './read-pages.js';
import { allOf, NEVER, textCondition, type TextQueryMethod } from './text-conditions.js';

/** A project as a read answers it (identity.management.v1.Project). */
export interface ProjectView {
  id: string;
  details: ReadDetails;
  name: string;
  state: 'PROJECT_STATE_ACTIVE' | 'PROJECT_STATE_INACTIVE';
  projectRoleAssertion: boolean;
  projectRoleCheck: boolean;
  hasProjectCheck: boolean;
  privateLabelingSetting: PrivateLabelingSetting;
}

/** One criterion of a project search (identity.management.v1.ProjectQuery). */
export interface ProjectQuery {
  nameQuery?: { name: string; method?: TextQueryMethod };
  projectResourceOwnerQuery?: { resourceOwner?: string };
}

export interface ListProjectsInput {
  query?: ListQueryInput;
  queries?: ProjectQuery[];
}

/** A removed project's row stays as a tombstone (so that no late event brings it back): never read. */
const READABLE = "state <> 'removed'";

/** The project `projectId` of the organization `orgId`, as the read model holds it. */
export async function findProject(
  dataSource: DataSource,
  orgId: string,
  projectId: string,
): Promise<ProjectView | undefined> {
  const rows: ProjectRow[] = await dataSource.query(
    `SELECT * FROM project_read_models WHERE id = ? AND org_id = ? AND ${READABLE}`,
    [projectId, orgId],
  );
  return rows[0] && projectView(rows[0]);
}

/** The organization's projects that meet every query, in the order they were made, a page. */
export async function listProjects(
  dataSource: DataSource,
  orgId: string,
  input: ListProjectsInput,
): Promise<{ details: ListDetails; result: ProjectView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<ProjectRow>(dataSource, {
    table: 'project_read_models',
    readModel: 'project-read-model',
    matching: allOf([
      { sql: `org_id = ? AND ${READABLE}`, params: [orgId] },
      ...queries.map((query) => projectCondition(dialect, query)),
    ]),
    sort: 'id',
    page: pageOf(input.query, queries),
    of: queries,
  });
  return { details, result: rows.map(projectView) };
}

function projectCondition(dialect: Dialect, query: ProjectQuery): Write {
  if (query.nameQuery)
    return textCondition(dialect, { column: 'name' }, query.nameQuery.name, query.nameQuery.method);
  if (query.projectResourceOwnerQuery)
    return { sql: 'org_id = ?', params: [query.projectResourceOwnerQuery.resourceOwner ?? ''] };
  return NEVER;
}

/** A row of `project_read_models` as the driver answers it. */
interface ProjectRow extends ReadModelRow {
  name: string;
  state: string;
  project_role_assertion: number | boolean;
  project_role_check: number | boolean;
  has_project_check: number | boolean;
  private_labeling_setting: PrivateLabelingSetting;
}

function projectView(row: ProjectRow): ProjectView {
  return {
    id: row.id,
    details: readDetailsOf(row),
    name: row.name,
    state: row.state === 'inactive' ? 'PROJECT_STATE_INACTIVE' : 'PROJECT_STATE_ACTIVE',
    projectRoleAssertion: flag(row.project_role_assertion),
    projectRoleCheck: flag(row.project_role_check),
    hasProjectCheck: flag(row.has_project_check),
    privateLabelingSetting: row.private_labeling_setting,
  };
}
