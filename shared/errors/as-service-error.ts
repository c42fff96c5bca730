import { isUnreachable } from '../db/db-errors.js';
import { describeError, type Logger } from '../logging/logger.js';
import { internal, ServiceError, unavailable } from './service-error.js';

/**
 * Any failure as the ServiceError a caller sees: itself when it is one, UNAVAILABLE when the
 * database cannot be reached, otherwise logged and INTERNAL with no internals in its message.
 */
export function asServiceError(error: unknown, logger: Logger): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isUnreachable(error)) {
    logger.warn({ err: describeError(error) }, 'database unreachable');
    return unavailable(error);
  }
  logger.error({ err: describeError(error) }, 'unexpected error');
  return internal(error);
}
