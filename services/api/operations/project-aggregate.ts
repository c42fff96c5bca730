import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { Project } from '../../../shared/db/entities/project.entity.js';
import { ProjectRole } from '../../../shared/db/entities/project-access.entities.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { aggregateChange } from './aggregate-change.js';
import type { DetailsResponse } from './details.js';
import type { Dependencies, OperationContext } from './operation.js';
import { projectNotFound } from './update-project/update-project.errors.js';

/**
 * The project of the target organization, locked until the transaction ends (so that the
 * project's events stay in version order); a project of another organization is not found.
 */
export const lockedProject = (transaction: BatchedTransaction, id: string, orgId: string) =>
  firstOr(transaction.find(Project, { id, orgId }, { lock: true }), projectNotFound);

/** The first row `rows` holds, or the error `missing` makes when it holds none. */
export async function firstOr<Row>(
  rows: Promise<Row[]>,
  missing: () => ServiceError,
): Promise<Row> {
  const [first] = await rows;
  if (first === undefined) throw missing();
  return first;
}

/** What a change of a project works with: its transaction, the project locked, the request. */
export interface ProjectWork<Request> {
  transaction: BatchedTransaction;
  project: Project;
  request: Request;
  deps: Dependencies;
}

/** What a change of a project answers: its event and new columns, and more of the response. */
export interface ProjectChange<Answer> {
  /** None when nothing changed: the project's details are answered as they are. */
  event?: DomainEvent;
  columns?: Partial<Project>;
  answer?: Answer;
}

/**
 * A handler that changes a project of the target organization in one transaction
 * (aggregateChange): the project locked (`projectIdOf` the request names it), then `change`
 * queues its writes and answers the project's event (none when nothing changed), its new columns
 * and what else the response holds. A project of another organization is not found.
 */
export function projectChange<Request, Answer extends object = object>(
  change: (work: ProjectWork<Request>) => Promise<ProjectChange<Answer>>,
  projectIdOf = (request: Request) => (request as { projectId: string }).projectId,
): (context: OperationContext, request: Request) => Promise<Answer & DetailsResponse> {
  return aggregateChange(Project, lockedProject, projectIdOf, ({ row, ...work }) =>
    change({ ...work, project: row }),
  );
}

/** The roles of the project with these keys; PROJECT-ROLE-NOT-FOUND names the first missing. */
export async function existingRoles(
  transaction: BatchedTransaction,
  projectId: string,
  keys: readonly string[],
  fieldOf = (index: number) => `roleKeys[${index}]`,
): Promise<ProjectRole[]> {
  if (keys.length === 0) return [];
  const roles = await transaction.find(ProjectRole, { projectId, key: [...keys] });
  const found = new Set(roles.map((role) => role.key));
  const missing = keys.findIndex((key) => !found.has(key));
  if (missing >= 0) throw roleNotFound(fieldOf(missing));
  return roles;
}

export const roleNotFound = (field?: string): ServiceError =>
  new ServiceError(
    'PROJECT-ROLE-NOT-FOUND',
    undefined,
    field ? [{ field, description: 'is not a role of the project' }] : [],
  );
