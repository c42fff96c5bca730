/**
 * The parts of a driver's error we look at (mysql2's, or better-sqlite3's SqliteError); TypeORM
 * wraps it in a QueryFailedError as `driverError`.
 */
interface DriverError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  message?: string;
  driverError?: DriverError;
}

/** A unique key as each database names it in its error: MySQL by index, SQLite by columns. */
export interface UniqueKey {
  table: string;
  index: string;
  columns: string[];
}

export const uniqueKeys = {
  userName: { table: 'users', index: 'users_user_name_lower', columns: ['user_name_lower'] },
  machineUserName: {
    table: 'machine_users',
    index: 'machine_users_user_name',
    columns: ['user_name_lower'],
  },
  idpLink: {
    table: 'user_idp_links',
    index: 'PRIMARY',
    columns: ['config_id', 'external_user_id'],
  },
  orgName: { table: 'organizations', index: 'organizations_name_lower', columns: ['name_lower'] },
  projectName: { table: 'projects', index: 'projects_org_name', columns: ['org_id', 'name_lower'] },
  externalId: {
    table: 'users',
    index: 'users_org_external_id',
    columns: ['org_id', 'external_id'],
  },
} satisfies Record<string, UniqueKey>;

function driverError(error: unknown): DriverError {
  const candidate = (error ?? {}) as DriverError;
  return candidate.driverError ?? candidate;
}

/** True when `error` is a violation of the unique key `key` (of any when omitted). */
export function isDuplicateKey(error: unknown, key?: UniqueKey): boolean {
  const cause = driverError(error);
  if (cause.code === 'ER_DUP_ENTRY') {
    const message = cause.sqlMessage ?? '';
    return (
      key === undefined || message.includes(`'${key.index}'`) || message.includes(`.${key.index}'`)
    );
  }
  const columns = /^UNIQUE constraint failed: (.+)$/.exec(cause.message ?? '')?.[1];
  if (columns === undefined) return false;
  return (
    key === undefined ||
    columns === key.columns.map((column) => `${key.table}.${column}`).join(', ')
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

/** True when `error` says the database cannot be reached (the caller is to try again later). */
export function isUnreachable(error: unknown): boolean {
  const cause = driverError(error);
  const message = (error as Error | undefined)?.message ?? '';
  return (
    (cause.code !== undefined && UNREACHABLE.has(cause.code)) ||
    /closed state|Connection lost|connect ETIMEDOUT/i.test(message)
  );
}
