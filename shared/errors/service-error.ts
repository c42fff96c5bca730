import { ERROR_CATALOGUE, type ErrorId } from './error-catalogue.js';
import { StatusCode } from './status-code.js';

/**
 * The one error type that crosses from the domain to the transports. Each transport turns it into
 * its own wire shape (HTTP status and JSON body, gRPC status and details); nothing else decides
 * what a caller sees.
 */
export { StatusCode };

export interface FieldViolation {
  /** JSON path of the field, such as `profile.firstName` or `idps[1].configId`. */
  field: string;
  description: string;
}

export class ServiceError extends Error {
  /** The status code of the condition, from the catalogue. */
  readonly code: StatusCode;
  /** When the caller may try again, for a rate limit: Retry-After and google.rpc.RetryInfo. */
  readonly retryAfterSeconds?: number;

  constructor(
    /** Stable, documented identifier of the condition (error-catalogue.ts). */
    readonly id: ErrorId,
    /** What the caller reads; the catalogue's message when the error knows nothing more. */
    message: string = ERROR_CATALOGUE[id].message,
    readonly fieldViolations: FieldViolation[] = [],
    /** `cause`: the failure behind it, kept for the log, never sent to the caller. */
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ServiceError';
    this.code = ERROR_CATALOGUE[id].code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalidArgument = (violations: FieldViolation[]): ServiceError =>
  new ServiceError(
    'REQUEST-INVALID',
    // A violation of the request as a whole has no field: its description stands alone.
    `invalid request: ${violations.map((v) => (v.field ? `${v.field} ${v.description}` : v.description)).join('; ')}`,
    violations,
  );

export const unauthenticated = (): ServiceError => new ServiceError('AUTH-UNAUTHENTICATED');

export const permissionDenied = (): ServiceError => new ServiceError('AUTH-PERMISSION-DENIED');

export const notAPerson = (): ServiceError => new ServiceError('AUTH-NOT-A-PERSON');

/** `cause`, the driver's error, is logged; the caller learns nothing of it. */
export const unavailable = (cause?: unknown): ServiceError =>
  new ServiceError('SERVICE-UNAVAILABLE', undefined, [], { cause });

export const requestTooLarge = (): ServiceError => new ServiceError('REQUEST-TOO-LARGE');

export const rateLimited = (retryAfterSeconds: number): ServiceError =>
  new ServiceError('RATE-LIMITED', `too many requests, try again in ${retryAfterSeconds} s`, [], {
    retryAfterSeconds,
  });

/** `cause`, the unexpected failure, is logged; the caller learns nothing of it. */
export const internal = (cause?: unknown): ServiceError =>
  new ServiceError('INTERNAL', undefined, [], { cause });
