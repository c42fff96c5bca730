import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { ProjectGrant } from '../../../shared/db/entities/project-access.entities.js';
import type { ProjectGrantPayload } from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { firstOr } from './project-aggregate.js';

export const projectGrantNotFound = (): ServiceError => new ServiceError('PROJECT-GRANT-NOT-FOUND');
export const projectGrantTaken = (): ServiceError =>
  new ServiceError('PROJECT-GRANT-ALREADY-EXISTS');
export const orgNotFound = (): ServiceError => new ServiceError('ORG-NOT-FOUND');

/** A project grant as its events carry it. */
export const projectGrantPayload = (grant: ProjectGrant): ProjectGrantPayload => ({
  grantId: grant.id,
  grantedOrgId: grant.grantedOrgId,
  roleKeys: grant.roleKeys,
});

/** A grant of the project; PROJECT-GRANT-NOT-FOUND for one of another project. */
export const projectGrantOf = (transaction: BatchedTransaction, projectId: string, id: string) =>
  firstOr(transaction.find(ProjectGrant, { id, projectId }), projectGrantNotFound);
