import type { DataSource } from 'typeorm';
import { INSTANCE_WIDE, type Role } from '../../../shared/db/entities/role-grant.entity.js';
import { notAPerson, permissionDenied } from '../../../shared/errors/service-error.js';
import type { Caller } from './caller.js';
import type { AuthCache } from './auth-cache.js';
import { rolesGrant, type Permission } from './permissions.js';

/**
 * Picks the target organization and checks the caller may act there, with the caller's roles
 * there remembered in `cache` for a while. `authenticated` (a person's own account) takes a
 * person: a machine user has no profile or passkeys, and is told so. An unknown organization and
 * one without the permission get the same PERMISSION_DENIED, so organizations cannot be probed.
 */
export async function authorize(
  dataSource: DataSource,
  caller: Caller,
  permission: Permission,
  requestedOrgId: string | undefined,
  cache: AuthCache,
): Promise<string> {
  if (permission === 'authenticated') {
    // The operations of one's own account: a person's profile and passkeys.
    if (caller.machine) throw notAPerson();
    return caller.orgId;
  }
  const orgId = requestedOrgId || caller.orgId;
  // An inactive organization is out of reach but for its lifecycle (ReactivateOrg), the
  // instance owners' alone; the others are refused there as in an unknown one.
  const roles = await rolesIn(
    dataSource,
    caller,
    orgId,
    permission === 'instance.org.write',
    cache,
  );
  if (!rolesGrant(roles, permission)) throw permissionDenied();
  return orgId;
}

/**
 * The caller's roles in `orgId` (the organization's and the instance-wide ones), none in an
 * unknown organization or, unless `reachesInactive`, an inactive one; remembered in `cache` for
 * a while when there are any (none is asked again, so that a grant works at once).
 */
export function rolesIn(
  dataSource: DataSource,
  caller: Caller,
  orgId: string,
  reachesInactive: boolean,
  cache: AuthCache,
): Promise<Role[]> {
  return cache.remember(
    JSON.stringify(['roles', caller.userId, orgId, reachesInactive]),
    async () => {
      const rows: { role: Role | null }[] = await dataSource.query(
        `SELECT g.role FROM organizations o
         LEFT JOIN role_grants g ON g.user_id = ? AND g.org_id IN (?, o.id)
         WHERE o.id = ? AND (o.state = 'active' OR ?)`,
        [caller.userId, INSTANCE_WIDE, orgId, reachesInactive ? 1 : 0],
      );
      return rows.flatMap((row) => (row.role ? [row.role] : []));
    },
    undefined,
    (roles) => roles.length > 0,
  );
}
