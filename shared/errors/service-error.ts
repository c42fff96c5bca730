/**
 * The one error type that crosses from the domain to the transports. Each transport turns it into
 * its own wire shape (HTTP status and JSON body, gRPC status and details); nothing else decides
 * what a caller sees.
 */
export enum StatusCode {
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  UNAUTHENTICATED = 16,
}

export interface FieldViolation {
  /** JSON path of the field, such as `profile.firstName` or `idps[1].configId`. */
  field: string;
  description: string;
}

export class ServiceError extends Error {
  constructor(
    readonly code: StatusCode,
    /** Stable, documented identifier of the condition, such as `USER-ALREADY-EXISTS`. */
    readonly id: string,
    message: string,
    readonly fieldViolations: FieldViolation[] = [],
    /** When the caller may try again, for a rate limit: Retry-After and google.rpc.RetryInfo. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const invalidArgument = (violations: FieldViolation[]): ServiceError =>
  new ServiceError(
    StatusCode.INVALID_ARGUMENT,
    'REQUEST-INVALID',
    // A violation of the request as a whole has no field: its description stands alone.
    `invalid request: ${violations.map((v) => (v.field ? `${v.field} ${v.description}` : v.description)).join('; ')}`,
    violations,
  );

export const unauthenticated = (): ServiceError =>
  new ServiceError(
    StatusCode.UNAUTHENTICATED,
    'AUTH-UNAUTHENTICATED',
    'missing or invalid credentials',
  );

export const permissionDenied = (): ServiceError =>
  new ServiceError(
    StatusCode.PERMISSION_DENIED,
    'AUTH-PERMISSION-DENIED',
    'no permission for this operation in the target organization',
  );

export const unavailable = (): ServiceError =>
  new ServiceError(
    StatusCode.UNAVAILABLE,
    'SERVICE-UNAVAILABLE',
    'the service is unavailable, try again later',
  );

export const requestTooLarge = (): ServiceError =>
  new ServiceError(
    StatusCode.RESOURCE_EXHAUSTED,
    'REQUEST-TOO-LARGE',
    'the request body is larger than the limit',
  );

export const rateLimited = (retryAfterSeconds: number): ServiceError =>
  new ServiceError(
    StatusCode.RESOURCE_EXHAUSTED,
    'RATE-LIMITED',
    `too many requests, try again in ${retryAfterSeconds} s`,
    [],
    retryAfterSeconds,
  );

export const internal = (): ServiceError =>
  new ServiceError(StatusCode.INTERNAL, 'INTERNAL', 'internal error');
