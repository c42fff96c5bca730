import { User } from '../../../shared/db/entities/index.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import type { AggregateChange } from './aggregate-change.js';
import type { DetailsResponse } from './details.js';
import { humanUserChange, type HumanUserWork } from './human-user-aggregate.js';
import type { OperationContext } from './operation.js';

export const otpAlreadyReady = (): ServiceError => new ServiceError('USER-OTP-ALREADY-READY');
export const otpNotPending = (): ServiceError => new ServiceError('USER-OTP-NOT-PENDING');
export const otpCodeInvalid = (): ServiceError => new ServiceError('USER-OTP-CODE-INVALID');
/** Too many wrong codes: the name is locked `retryAfterSeconds` more (Retry-After). */
export const otpAttemptsLocked = (retryAfterSeconds = 60): ServiceError =>
  new ServiceError('USER-OTP-ATTEMPTS-LOCKED', undefined, [], { retryAfterSeconds });

/**
 * A change of the caller, a person, in one transaction under their row lock, as an
 * administrator's change of a person is (humanUserChange): in the caller's own organization,
 * whatever `x-service-orgid` says.
 */
export function callerChange<Request extends object, Answer extends object = object>(
  change: (
    work: HumanUserWork<Request & { userId: string }>,
  ) => AggregateChange<User, Answer> | Promise<AggregateChange<User, Answer>>,
): (context: OperationContext, request: Request) => Promise<Answer & DetailsResponse> {
  const handle = humanUserChange<Request & { userId: string }, Answer>(change);
  return ({ deps, caller }, request) =>
    handle({ deps, orgId: caller.orgId }, { ...request, userId: caller.userId });
}
