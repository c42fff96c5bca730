import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { RoleGrant } from '../../../shared/db/entities/entity-classes.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import type { DetailsResponse } from './details.js';
import type { OperationContext } from './operation.js';
import { honoringIfMatch } from './if-match.js';
import { commitOrgEvent, orgDetails, unchangedOrganization } from './org-lifecycle.js';

export const orgMemberTaken = (): ServiceError => new ServiceError('ORG-MEMBER-ALREADY-EXISTS');
export const orgMemberNotFound = (): ServiceError => new ServiceError('ORG-MEMBER-NOT-FOUND');

/** What a change of an organization's members works with. */
export interface MemberWork<Request> {
  transaction: BatchedTransaction;
  request: Request;
  orgId: string;
  /** The roles the user holds in the organization now; none for a user who is no member. */
  held: RoleGrant['role'][];
}

/**
 * A handler that changes whom the target organization has as members (the users holding roles in
 * it) in one transaction: the organization locked (its events stay in version order, and two
 * changes of one member never interleave), the user's roles there read, then `change` queues its
 * writes and answers the organization's event, recorded with them. Answered with the details of
 * that event; or, when `change` answers none (a change that changes nothing), with the
 * organization's details as they are, recording nothing.
 */
export function orgMemberChange<Request extends { userId: string }>(
  change: (work: MemberWork<Request>) => Promise<DomainEvent | undefined> | DomainEvent | undefined,
): (context: OperationContext, request: Request) => Promise<DetailsResponse> {
  return honoringIfMatch((context: OperationContext, request: Request) =>
    inBatchedTransaction(context.deps.dataSource, async (transaction) => {
      const { orgId } = context;
      const organization = await unchangedOrganization(transaction, context);
      const held = await transaction.find(
        RoleGrant,
        { userId: request.userId, orgId },
        { select: ['role'] },
      );
      const roles = held.map((grant) => grant.role);
      const event = await change({ transaction, request, orgId, held: roles });
      if (!event) return { details: orgDetails(organization) };
      return commitOrgEvent(transaction, organization, event);
    }),
  );
}
