import { listProjectRolesOperation } from '../../../operations/list-project-roles/list-project-roles.operation.js';
import { listUserGrantsOperation } from '../../../operations/list-user-grants/list-user-grants.operation.js';
import type { RoleView } from '../../../queries/project-role-queries.js';
import type { UserGrantView } from '../../../queries/user-grant-queries.js';
import { ScimError } from '../../../scim/scim-errors.js';
import {
  groupIdOf,
  groupVersionOf,
  scimGroupOf,
  type GroupCriteria,
  type GroupMember,
} from '../../../scim/scim-groups.js';
import { type ScimCalls, type ScimRequest } from './scim-exchange.js';

const EQUALS = 'TEXT_QUERY_METHOD_EQUALS';

/** A group as read: its role, the project's grants (of every role), its SCIM answer. */
export interface GroupRead {
  role: RoleView;
  grants: UserGrantView[];
  version: string;
  group: Record<string, unknown>;
}

/**
 * The reads behind `/Groups`: the project's roles (ListProjectRoles, `project.read`) and its user
 * grants (ListUserGrants, `user.read`, all pages, from the read model) as SCIM Groups.
 */
export function groupReads(calls: ScimCalls) {
  const projectIdOf = (request: ScimRequest) => request.params.projectId!;
  const locationOf = (request: ScimRequest, key: string) =>
    `${calls.base(request)}/projects/${encodeURIComponent(projectIdOf(request))}/Groups/${groupIdOf(key)}`;

  /** Every grant of the project (all pages), from the read model, once it shows `after`. */
  const grantsOf = async (request: ScimRequest, after?: string): Promise<UserGrantView[]> => {
    const grants: UserGrantView[] = [];
    let cursor: string | undefined;
    let afterSequence = after;
    do {
      const page = await calls.call(
        listUserGrantsOperation,
        request,
        {
          query: { limit: 1000, asc: true, ...(cursor && { cursor }) },
          queries: [{ projectIdQuery: { projectId: projectIdOf(request) } }],
        },
        { ...(afterSequence && { afterSequence }) },
      );
      grants.push(...page.result);
      cursor = page.details.nextCursor;
      afterSequence = undefined;
    } while (cursor);
    return grants;
  };

  /** The roles as Groups, with their members unless the request leaves them out. */
  const groupsOf = (
    request: ScimRequest,
    roles: RoleView[],
    grants: UserGrantView[],
  ): Record<string, unknown>[] => {
    const withMembers = !excludesMembers(request);
    return roles.map((role) =>
      scimGroupOf(
        {
          key: role.key,
          displayName: role.displayName,
          ...(role.details.creationDate && { created: role.details.creationDate }),
          ...(role.details.changeDate && { lastModified: role.details.changeDate }),
        },
        withMembers ? membersOf(grants, role.key) : undefined,
        {
          location: locationOf(request, role.key),
          usersBase: calls.base(request),
          version: versionOf(role, grants),
        },
      ),
    );
  };

  /** The role of this key (compared exactly, whatever the database's collation), or 404. */
  const roleOf = async (request: ScimRequest, key: string | undefined): Promise<RoleView> => {
    const roles =
      key === undefined
        ? []
        : (
            await calls.call(listProjectRolesOperation, request, {
              projectId: projectIdOf(request),
              query: { limit: 1000 },
              queries: [{ keyQuery: { key, method: EQUALS } }],
            })
          ).result;
    const role = roles.find((candidate) => candidate.key === key);
    if (!role) throw new ScimError(404, 'no group with this id');
    return role;
  };

  const read = async (
    request: ScimRequest,
    key: string | undefined,
    after?: string,
  ): Promise<GroupRead> => {
    const role = await roleOf(request, key);
    const grants = await grantsOf(request, after);
    const [group] = groupsOf(request, [role], grants);
    return { role, grants, version: versionOf(role, grants), group: group! };
  };

  /** The roles a list's criteria select, a page of them, and how many there are. */
  const rolesOf = async (
    request: ScimRequest,
    criteria: GroupCriteria,
    grants: UserGrantView[],
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ roles: RoleView[]; total: number }> => {
    const queries = [
      ...(criteria.roleKey !== undefined ? [{ keyQuery: { key: criteria.roleKey } }] : []),
      ...(criteria.displayName !== undefined
        ? [
            {
              displayNameQuery: {
                displayName: criteria.displayName,
                method: `${EQUALS}_IGNORE_CASE`,
              },
            },
          ]
        : []),
    ];
    const all: RoleView[] = [];
    let cursor: string | undefined;
    do {
      const page = await calls.call(listProjectRolesOperation, request, {
        projectId: projectIdOf(request),
        query: { limit: 1000, asc: true, ...(cursor && { cursor }) },
        queries,
      });
      all.push(...page.result);
      cursor = page.details.nextCursor;
    } while (cursor);
    const held =
      criteria.member === undefined
        ? undefined
        : new Set(
            grants
              .filter((grant) => grant.userId === criteria.member)
              .flatMap((grant) => grant.roleKeys),
          );
    const matching = all.filter(
      (role) =>
        (criteria.roleKey === undefined || role.key === criteria.roleKey) &&
        (held === undefined || held.has(role.key)),
    );
    return { roles: matching.slice(offset, offset + limit), total: matching.length };
  };

  return { projectIdOf, grantsOf, groupsOf, roleOf, read, rolesOf };
}

/** The people holding the role through the project's grants (machine users are no Users). */
export function membersOf(grants: UserGrantView[], key: string): GroupMember[] {
  return grants
    .filter((grant) => grant.userType === 'TYPE_HUMAN' && grant.roleKeys.includes(key))
    .map((grant) => ({ value: grant.userId, display: grant.displayName }));
}

/** The version of the project's Groups: of the project's sequence and of all its grants. */
function versionOf(role: RoleView, grants: UserGrantView[]): string {
  return groupVersionOf(
    role.details.sequence,
    grants.map((grant) => grant.details.sequence),
  );
}

/** Whether `excludedAttributes` leaves the members out (Entra reads Groups so). */
function excludesMembers(request: ScimRequest): boolean {
  const excluded = request.query.excludedAttributes;
  return (
    typeof excluded === 'string' &&
    excluded.split(',').some((name) => name.trim().toLowerCase().replace(/^.*:/, '') === 'members')
  );
}
