import type { Write } from '../../../shared/db/dialect.js';
import { NEVER } from './text-conditions.js';

/** How a date query compares (ZITADEL's identity.v1.TimestampQueryMethod). */
export type TimestampQueryMethod =
  | 'TIMESTAMP_QUERY_METHOD_EQUALS'
  | 'TIMESTAMP_QUERY_METHOD_GREATER'
  | 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'
  | 'TIMESTAMP_QUERY_METHOD_LESS'
  | 'TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS';

/**
 * The condition that the date in `column` (kept to the millisecond) compares with `time` (an RFC
 * 3339 time, checked by the request's schema) as `method` says. A time with more than
 * milliseconds lies between two kept dates: it equals none, and the comparison is made with the
 * kept date on its side (`> 10.1234` is `>= 10.124`, as is `>= 10.1234`; `< 10.1234` is
 * `<= 10.123`), so the answer is the one the exact time gives.
 */
export function timestampCondition(
  column: string,
  time: string,
  method: TimestampQueryMethod = 'TIMESTAMP_QUERY_METHOD_EQUALS',
): Write {
  const floor = Date.parse(time.toUpperCase());
  if (Number.isNaN(floor)) return NEVER;
  const between = /\.\d{3}\d*[1-9]/u.test(time);
  const kept = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const [operator, at] = {
    TIMESTAMP_QUERY_METHOD_EQUALS: ['=', floor],
    TIMESTAMP_QUERY_METHOD_GREATER: between ? ['>=', floor + 1] : ['>', floor],
    TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS: ['>=', between ? floor + 1 : floor],
    TIMESTAMP_QUERY_METHOD_LESS: between ? ['<=', floor] : ['<', floor],
    TIMESTAMP_QUERY_METHOD_LESS_OR_EQUALS: ['<=', floor],
  }[method] as [string, number];
  if (between && method === 'TIMESTAMP_QUERY_METHOD_EQUALS') return NEVER;
  return { sql: `${column} ${operator} ?`, params: [kept(at)] };
}
