import { unavailable, type ServiceError } from '../errors/service-error.js';

/** The parts of a mysql2 error we look at; TypeORM wraps it in a QueryFailedError as `driverError`. */
interface DriverError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  driverError?: DriverError;
}

function driverError(error: unknown): DriverError {
  const candidate = (error ?? {}) as DriverError;
  return candidate.driverError ?? candidate;
}

/** True when `error` is a unique-key violation of the index `key` (any key when omitted). */
export function isDuplicateKey(error: unknown, key?: string): boolean {
  const cause = driverError(error);
  if (cause.code !== 'ER_DUP_ENTRY') return false;
  return (
    key === undefined ||
    (cause.sqlMessage ?? '').includes(`'${key}'`) ||
    (cause.sqlMessage ?? '').includes(`.${key}'`)
  );
}

export function isDeadlock(error: unknown): boolean {
  const code = driverError(error).code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
]);

/** The UNAVAILABLE error when `error` says the database cannot be reached, otherwise undefined. */
export function unreachableDatabase(error: unknown): ServiceError | undefined {
  const cause = driverError(error);
  const message = (error as Error | undefined)?.message ?? '';
  if (
    (cause.code && UNREACHABLE.has(cause.code)) ||
    /closed state|Connection lost|connect ETIMEDOUT/i.test(message)
  ) {
    return unavailable();
  }
  return undefined;
}
