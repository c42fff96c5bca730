import { addProjectRoleOperation } from '../../../operations/add-project-role/add-project-role.operation.js';
import { updateProjectRoleOperation } from '../../../operations/update-project-role/update-project-role.operation.js';
import { removeProjectRoleOperation } from '../../../operations/remove-project-role/remove-project-role.operation.js';
import { listProjectRolesOperation } from '../../../operations/list-project-roles/list-project-roles.operation.js';
import { ifMatchOf } from '../../../operations/if-match.js';
import { ScimError } from '../../../scim/scim-errors.js';
import {
  desiredGroupOf,
  groupCriteriaOf,
  patchedGroup,
  roleKeyFor,
  roleKeyOf,
  type DesiredGroup,
} from '../../../scim/scim-groups.js';
import { LIST_RESPONSE, listRequestOf } from '../../../scim/scim-users.js';
import {
  type ScimAnswer,
  type ScimCalls,
  type ScimRequest,
  strongIfMatch,
} from './scim-exchange.js';
import { groupReads, membersOf } from './scim-group-reads.js';
import { membershipWrites } from './scim-memberships.js';

/**
 * `/Groups` of the endpoint's project (`/scim/v2/{orgId}/projects/{projectId}/`): a Group is a
 * role of the project (Add/Update/Remove/ListProjectRoles, `project.write`/`project.read`), its
 * members the people holding the role through a user grant on the project
 * (Add/Update/Remove/ListUserGrants, `user.grant.write`/`user.read`). Every call goes through the
 * pipeline in the path's organization.
 */
export function scimGroupEndpoints(calls: ScimCalls) {
  const { projectIdOf, grantsOf, groupsOf, roleOf, read, rolesOf } = groupReads(calls);
  const memberships = membershipWrites(calls);

  /**
   * A PUT or PATCH: the group read, the Group asked for (`desiredOf` the Group as it is), its
   * version checked against If-Match, then the role's name (UpdateProjectRole) and the members
   * added and removed (the grants) changed; the answer is the Group as the read model then shows.
   */
  const change = async (
    request: ScimRequest,
    desiredOf: (current: Record<string, unknown>) => DesiredGroup,
  ): Promise<ScimAnswer> => {
    const current = await read(request, roleKeyOf(request.params.id!));
    const members = membersOf(current.grants, current.role.key);
    const desired = desiredOf({ ...current.group, members });
    expectVersion(request, current.version);
    const now = new Set(members.map((member) => member.value));
    const wanted = new Set(desired.members);
    const add = desired.members.filter((id) => !now.has(id));
    await memberships.requirePeople(request, add);
    const sequences: string[] = [];
    if (desired.displayName.trim() !== current.role.displayName) {
      const done = await calls.call(updateProjectRoleOperation, request, {
        projectId: projectIdOf(request),
        roleKey: current.role.key,
        displayName: desired.displayName,
        group: current.role.group,
      });
      sequences.push(done.details.sequence);
    }
    sequences.push(
      ...(await memberships.write(request, current.role.key, current.grants, {
        add,
        remove: [...now].filter((id) => !wanted.has(id)),
      })),
    );
    if (sequences.length === 0) return groupAnswer(200, current.group);
    return groupAnswer(200, (await read(request, current.role.key, sequences.join(','))).group);
  };

  return {
    async create(request: ScimRequest): Promise<ScimAnswer> {
      const desired = await calls.converted(addProjectRoleOperation, request, () =>
        desiredGroupOf(request.body),
      );
      const key = roleKeyFor(desired.displayName);
      await memberships.requirePeople(request, desired.members);
      await calls.call(addProjectRoleOperation, request, {
        projectId: projectIdOf(request),
        roleKey: key,
        displayName: desired.displayName,
      });
      const grants = desired.members.length > 0 ? await grantsOf(request) : [];
      const sequences = await memberships.write(request, key, grants, {
        add: desired.members,
        remove: [],
      });
      const { group } = await read(request, key, sequences.join(',') || undefined);
      const answer = groupAnswer(201, group);
      answer.headers!.location = (group.meta as { location: string }).location;
      return answer;
    },
    async get(request: ScimRequest): Promise<ScimAnswer> {
      return groupAnswer(200, (await read(request, roleKeyOf(request.params.id!))).group);
    },
    async list(request: ScimRequest): Promise<ScimAnswer> {
      const criteria = await calls.converted(listProjectRolesOperation, request, () =>
        groupCriteriaOf(request.query.filter),
      );
      // The same startIndex and count as a Users list (1-based; 100, at most 1000; 0 counts).
      const { startIndex, count } = listRequestOf({
        startIndex: request.query.startIndex,
        count: request.query.count,
      });
      const grants = await grantsOf(request);
      const { roles, total } = await rolesOf(request, criteria, grants, {
        offset: startIndex - 1,
        limit: count,
      });
      const groups = groupsOf(request, roles, grants);
      return {
        status: 200,
        body: {
          schemas: [LIST_RESPONSE],
          totalResults: total,
          itemsPerPage: groups.length,
          startIndex,
          Resources: groups,
        },
      };
    },
    replace: (request: ScimRequest) => change(request, () => desiredGroupOf(request.body)),
    patch: (request: ScimRequest) =>
      change(request, (current) => patchedGroup(current, request.body)),
    async remove(request: ScimRequest): Promise<ScimAnswer> {
      const role = await roleOf(request, roleKeyOf(request.params.id!));
      if (request.ifMatch !== undefined)
        expectVersion(request, (await read(request, role.key)).version);
      await calls.call(removeProjectRoleOperation, request, {
        projectId: projectIdOf(request),
        roleKey: role.key,
      });
      return { status: 204 };
    },
  };
}

/**
 * If-Match against the Group's version as read: a Group is no aggregate the commands lock, so
 * this is checked before the first command, not under a lock (a write between the two is not
 * seen); `*` matches any version.
 */
function expectVersion(request: ScimRequest, version: string): void {
  const tags = ifMatchOf(strongIfMatch(request));
  if (tags === undefined || tags === '*') return;
  if (!tags.includes(version.replace(/^W\//, '').replace(/"/g, '')))
    throw new ScimError(412, 'the Group has changed since that version');
}

/** A Group's answer, with its version as the ETag header too. */
function groupAnswer(status: number, group: Record<string, unknown>): ScimAnswer {
  return { status, body: group, headers: { etag: (group.meta as { version: string }).version } };
}
