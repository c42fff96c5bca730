import type { AggregateChange } from './aggregate-change.js';
import type { DetailsResponse } from './details.js';
import { humanUserChange, type HumanUserWork } from './human-user-aggregate.js';
import { honoringIfMatch } from './if-match.js';
import type { OperationContext } from './operation.js';
import type { User } from '../../../shared/db/entities/index.js';

/**
 * A handler that changes the caller's own account (`/auth/v1/users/me/…`): a person's change
 * (humanUserChange: the row locked, If-Match, the events and columns `change` answers) of the
 * caller, in the caller's organization. A stale `If-Match` (GetMyEmail's ETag) changes nothing.
 */
export function myAccountChange<Request extends object, Answer extends object = object>(
  change: (
    work: HumanUserWork<Request & { userId: string }>,
  ) => AggregateChange<User, Answer> | Promise<AggregateChange<User, Answer>>,
): (context: OperationContext, request: Request) => Promise<Answer & DetailsResponse> {
  const handler = humanUserChange<Request & { userId: string }, Answer>(change);
  return honoringIfMatch(({ caller, ...context }: OperationContext, request: Request) =>
    handler({ ...context, orgId: caller.orgId }, { ...request, userId: caller.userId }),
  );
}
