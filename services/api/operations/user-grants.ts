import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { Project } from '../../../shared/db/entities/project.entity.js';
import { ProjectGrant, UserGrant } from '../../../shared/db/entities/project-access.entities.js';
import { User } from '../../../shared/db/entities/user.entity.js';
import type { DomainEvent, UserGrantPayload } from '../../../shared/events/event-types.js';
import { commitChange, queueChange } from '../../../shared/events/record-change.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { inBatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { updateDetails, type DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import type { OperationContext } from './operation.js';
import { existingRoles, firstOr, roleNotFound } from './project-aggregate.js';
import { projectNotFound } from './update-project/update-project.errors.js';

/** A user grant as its events carry it. */
export const grantPayload = (grant: UserGrant): UserGrantPayload => ({
  grantId: grant.id,
  projectId: grant.projectId,
  projectGrantId: grant.projectGrantId,
  roleKeys: grant.roleKeys,
});

/**
 * Takes `keys` from the user grants `where` selects that hold any of them (or, with no keys,
 * removes those grants): each grant's change and its user's `user.grant.changed` (or
 * `user.grant.removed`), queued under the users' row locks, taken here, after the project's: the
 * order every write of grants keeps.
 */
export async function queueGrantsWithout(
  transaction: BatchedTransaction,
  where: { projectId: string } | { projectGrantId: string },
  keys: readonly string[] | 'all',
): Promise<void> {
  const taken = new Set(keys === 'all' ? [] : keys);
  const holding = (await transaction.find(UserGrant, where)).filter(
    (grant) => keys === 'all' || grant.roleKeys.some((key) => taken.has(key)),
  );
  if (holding.length === 0) return;
  const users = await transaction.find(
    User,
    { id: holding.map((grant) => grant.userId) },
    { lock: true, select: ['id', 'orgId', 'version'] },
  );
  const at = new Date();
  for (const grant of holding) {
    const user = users.find((candidate) => candidate.id === grant.userId)!;
    queueChange(transaction, User, user, grantWithout(transaction, grant, keys, taken), {}, at);
    user.version += 1;
  }
}

function grantWithout(
  transaction: BatchedTransaction,
  grant: UserGrant,
  keys: readonly string[] | 'all',
  taken: Set<string>,
): DomainEvent {
  if (keys === 'all') {
    transaction.queue('DELETE FROM user_grants WHERE id = ?', [grant.id]);
    const payload = { grantId: grant.id, projectId: grant.projectId };
    return { type: 'user.grant.removed', payload };
  }
  const roleKeys = grant.roleKeys.filter((key) => !taken.has(key));
  transaction.update(UserGrant, { id: grant.id }, { roleKeys });
  return { type: 'user.grant.changed', payload: grantPayload({ ...grant, roleKeys }) };
}

export const userNotFound = (): ServiceError => new ServiceError('USER-NOT-FOUND');
export const grantNotFound = (): ServiceError => new ServiceError('USER-GRANT-NOT-FOUND');
export const grantTaken = (): ServiceError => new ServiceError('USER-GRANT-ALREADY-EXISTS');

/** A project the target organization may grant roles of: its own, or one granted to it. */
export interface GrantableProject {
  project: Project;
  /** The project grant through which the organization has it; none for its own. */
  projectGrant?: ProjectGrant;
}

/**
 * The project, locked (grants are written under the project's lock, then the user's), if the
 * target organization owns it or holds a project grant for it; otherwise not found.
 */
export async function grantableProject(
  transaction: BatchedTransaction,
  projectId: string,
  orgId: string,
): Promise<GrantableProject> {
  const [project] = await transaction.find(Project, { id: projectId }, { lock: true });
  if (project?.orgId === orgId) return { project };
  const [projectGrant] = project
    ? await transaction.find(ProjectGrant, { projectId, grantedOrgId: orgId })
    : [];
  if (!project || !projectGrant) throw projectNotFound();
  return { project, projectGrant };
}

/**
 * Checks `keys` against the project's roles and, through a project grant, against the grant's
 * roles: PROJECT-ROLE-NOT-FOUND names the first that is not there.
 */
export async function grantableRoles(
  transaction: BatchedTransaction,
  { project, projectGrant }: GrantableProject,
  keys: readonly string[],
): Promise<void> {
  await existingRoles(transaction, project.id, keys);
  if (!projectGrant) return;
  const granted = new Set(projectGrant.roleKeys);
  const outside = keys.findIndex((key) => !granted.has(key));
  if (outside >= 0) throw roleNotFound(`roleKeys[${outside}]`);
}

/** Whether the user is one of the target organization; USER-NOT-FOUND otherwise. */
export async function userOf(
  transaction: BatchedTransaction,
  id: string,
  orgId: string,
): Promise<void> {
  await firstOr(transaction.find(User, { id, orgId }, { select: ['id'] }), userNotFound);
}

/** The user of the target organization, locked for the change; USER-NOT-FOUND otherwise. */
export const lockedUser = (transaction: BatchedTransaction, id: string, orgId: string) =>
  firstOr(
    transaction.find(
      User,
      { id, orgId },
      { lock: true, select: ['id', 'orgId', 'version', 'sequence', 'changeDate'] },
    ),
    userNotFound,
  );

/**
 * A handler that changes a user of the target organization in one transaction: `change` takes
 * the locks it needs (the user's last: lockedUser), queues its writes and answers the user with
 * the user's event (none when nothing changed) and what else the response holds; committed
 * together, answered with the user's details after.
 */
export function userChange<Request, Answer extends object = object>(
  change: (
    transaction: BatchedTransaction,
    request: Request,
    orgId: string,
  ) => Promise<{ user: User; event?: DomainEvent; answer?: Answer }>,
): (context: OperationContext, request: Request) => Promise<Answer & DetailsResponse> {
  return honoringIfMatch(({ deps, orgId, ifMatch }, request) =>
    inBatchedTransaction(deps.dataSource, async (transaction) => {
      const { user, event, answer } = await change(transaction, request, orgId);
      // The user was locked last by `change`: its state now is the one the change applies to.
      expectUnchanged(ifMatch, user.sequence);
      const changed = event && (await commitChange(transaction, User, user, event, {}));
      return { ...(answer as Answer), details: updateDetails({ ...user, ...changed }) };
    }),
  );
}

/** The user's grant with this id; USER-GRANT-NOT-FOUND otherwise. */
export const userGrantOf = (transaction: BatchedTransaction, userId: string, id: string) =>
  firstOr(transaction.find(UserGrant, { id, userId }), grantNotFound);
