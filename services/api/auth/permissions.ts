import type { Role } from '../../../shared/db/entities/role-grant.entity.js';

/**
 * `authenticated` needs only a valid caller who is a person (the operations of one's own account);
 * the others need a role in the target organization. A read is held by the roles that hold the
 * matching write, and by a viewer's role, which holds nothing else.
 * `instance.policy.read` and `instance.policy.write` (the instance's default policies),
 * `instance.org.read` (every organization) and `instance.org.write` (making organizations,
 * renaming, deactivating and reactivating them) are the instance owner's alone.
 * `org.read` (the organization and its members) and `policy.read` (its label and login policies
 * and the instance defaults) are held by the roles that change the organization and its policy.
 * `idp.read` and `idp.write` (the organization's identity providers) are the organization
 * owner's, as its policies are; `instance.idp.read` and `instance.idp.write` (the instance's,
 * offered to every organization) the instance owner's alone. `event.read` (the organization's
 * recorded events, who changed what: ListEvents) is the organization owner's.
 */
export type Permission =
  | 'authenticated'
  | 'user.read'
  | 'project.read'
  | 'org.read'
  | 'policy.read'
  | 'user.write'
  | 'project.write'
  | 'user.grant.write'
  | 'policy.write'
  | 'org.member.write'
  | 'instance.policy.read'
  | 'instance.policy.write'
  | 'instance.org.read'
  | 'instance.org.write'
  | 'idp.read'
  | 'idp.write'
  | 'instance.idp.read'
  | 'instance.idp.write'
  | 'event.read';

const PERMISSIONS_OF: Record<Role, ReadonlySet<Permission>> = {
  IAM_OWNER: new Set([
    'user.read',
    'project.read',
    'org.read',
    'policy.read',
    'user.write',
    'project.write',
    'user.grant.write',
    'policy.write',
    'org.member.write',
    'instance.policy.read',
    'instance.policy.write',
    'instance.org.read',
    'instance.org.write',
    'idp.read',
    'idp.write',
    'instance.idp.read',
    'instance.idp.write',
    'event.read',
  ]),
  ORG_OWNER: new Set([
    'user.read',
    'project.read',
    'org.read',
    'policy.read',
    'user.write',
    'project.write',
    'user.grant.write',
    'policy.write',
    'org.member.write',
    'idp.read',
    'idp.write',
    'event.read',
  ]),
  ORG_USER_MANAGER: new Set(['user.read', 'user.write', 'user.grant.write']),
  ORG_PROJECT_OWNER: new Set(['project.read', 'project.write']),
  ORG_USER_VIEWER: new Set(['user.read']),
  ORG_PROJECT_VIEWER: new Set(['project.read']),
};

export function rolesGrant(roles: Iterable<Role>, permission: Permission): boolean {
  for (const role of roles) if (PERMISSIONS_OF[role]?.has(permission)) return true;
  return false;
}
