import type { DataSource } from 'typeorm';

/** Why a user may not use an application of a project (the reason its event records). */
export type ProjectRefusal = 'project-inactive' | 'project-not-granted' | 'project-role-missing';

/** The roles claim's value (ZITADEL's shape): each role key, with the organization that grants it. */
export type RoleClaim = Record<string, Record<string, string>>;

/** What a sign-in to an application of a project may do, as its project's settings say. */
export interface ProjectAccess {
  projectId: string;
  /** Why the user may not use it; none when they may. */
  refusal?: ProjectRefusal;
  /** Whether the user's roles go into userinfo (the project's `projectRoleAssertion`). */
  assertRoles: boolean;
  roles: RoleClaim;
}

/** What the one query reads of the project, the user, and the user's organization and grant. */
export interface AccessRow {
  project_org_id: string;
  /** `active`, or `inactive` (DeactivateProject): then every sign-in is refused. */
  project_state: string;
  project_role_check: number | boolean;
  has_project_check: number | boolean;
  project_role_assertion: number | boolean;
  user_org_id: string;
  user_org_name: string;
  /** Whether the user's organization holds a project grant for the project. */
  granted: number | string;
  /** The user grant's role keys (JSON), or null for none. */
  role_keys: string | string[] | null;
}

/**
 * An inactive project (DeactivateProject) refuses everyone; then the checks of the contract
 * ("Projects at sign-in"), in its order: `hasProjectCheck` (the user's
 * organization owns the project or holds a grant for it), then `projectRoleCheck` (a user grant
 * with at least one role).
 */
export function accessOf(projectId: string, row: AccessRow): ProjectAccess {
  const keys: string[] =
    typeof row.role_keys === 'string' ? JSON.parse(row.role_keys) : (row.role_keys ?? []);
  const ownsOrGranted = row.user_org_id === row.project_org_id || Number(row.granted) > 0;
  const refusal: ProjectRefusal | undefined =
    row.project_state !== 'active'
      ? 'project-inactive'
      : Boolean(row.has_project_check) && !ownsOrGranted
        ? 'project-not-granted'
        : Boolean(row.project_role_check) && keys.length === 0
          ? 'project-role-missing'
          : undefined;
  const roles = Object.fromEntries(
    keys.map((key) => [key, { [row.user_org_id]: row.user_org_name }]),
  );
  return {
    projectId,
    ...(refusal && { refusal }),
    assertRoles: Boolean(row.project_role_assertion),
    roles,
  };
}

/**
 * The user's access to the project, read in one round trip; none when the project or the user
 * is gone (the provider then refuses the account as it does any unknown one).
 */
export async function projectAccess(
  dataSource: DataSource,
  userId: string,
  projectId: string,
): Promise<ProjectAccess | undefined> {
  const rows: AccessRow[] = await dataSource.query(
    `SELECT p.org_id AS project_org_id, p.state AS project_state, p.project_role_check,
            p.has_project_check,
            p.project_role_assertion, u.org_id AS user_org_id, o.name AS user_org_name,
            (SELECT COUNT(*) FROM project_grants g
              WHERE g.project_id = p.id AND g.granted_org_id = u.org_id) AS granted,
            (SELECT ug.role_keys FROM user_grants ug
              WHERE ug.user_id = u.id AND ug.project_id = p.id) AS role_keys
       FROM projects p JOIN users u ON u.id = ? JOIN organizations o ON o.id = u.org_id
      WHERE p.id = ?`,
    [userId, projectId],
  );
  return rows[0] && accessOf(projectId, rows[0]);
}
