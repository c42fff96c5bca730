import { createHash } from 'node:crypto';
import { invalidArgument } from '../../../shared/errors/service-error.js';

/** How a list is cut and ordered, as a request gives it (identity.v1.ListQuery). */
export interface ListQueryInput {
  offset?: string | number;
  limit?: number;
  asc?: boolean;
  cursor?: string;
}

/** What a list answers besides its results (identity.v1.ListDetails). */
export interface ListDetails {
  totalResult: string;
  processedSequence: string;
  viewTimestamp?: Date;
  nextCursor?: string;
  previousCursor?: string;
}

/** A list's page when the request names none, and the most a page holds. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/**
 * Where a page starts: after a row (the sort value and id of the previous page's last), or, for
 * the page before, before one (the next page's first).
 */
export interface After {
  value: string | number;
  id: string;
  /** How many matched when the first page was read, which the later pages answer again. */
  total: string;
  /** The rows before the row, the last of them the page's, rather than those after it. */
  before?: boolean;
}

/** A request's page, checked: how many, in which order, and from where. */
export interface Page {
  limit: number;
  asc: boolean;
  offset: number;
  after?: After;
}

/**
 * The page a request asks for. A cursor carries the last row of the page before (or the first of
 * the page after, for the page before it), the total the
 * first page counted (a later page answers it again rather than counting a million rows anew),
 * and what that page was of (`of`: the sorting column, the order and the criteria), so that it
 * cannot continue another list; it is opaque to callers, and a wrong or foreign one is
 * INVALID_ARGUMENT.
 */
export function pageOf(query: ListQueryInput | undefined, of: unknown): Page {
  const limit = query?.limit || DEFAULT_LIMIT;
  const asc = query?.asc === true;
  if (!query?.cursor) return { limit, asc, offset: Number(query?.offset ?? 0) };
  const after = readCursor(query.cursor, listOf(asc, of));
  if (!after)
    throw invalidArgument([
      {
        field: 'query.cursor',
        description: 'is not the nextCursor or previousCursor of a page of this list',
      },
    ]);
  return { limit, asc, offset: 0, after };
}

/**
 * The cursor of the page after the one whose last row is `row`, for the same request; or, when
 * `row.before`, of the page before the one whose first row it is.
 */
export function cursorAfter(row: After, asc: boolean, of: unknown): string {
  const state = [row.value, row.id, row.total, listOf(asc, of), ...(row.before ? [BEFORE] : [])];
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** What ends the state of a cursor to the page before. */
const BEFORE = 'before';

/**
 * What a page is of, as its cursor keeps it: a digest of the order and the criteria, so that a
 * cursor stays short whatever the criteria (a thousand ids) and cannot continue another list.
 */
function listOf(asc: boolean, of: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([asc, of]))
    .digest('base64url')
    .slice(0, 22);
}

function readCursor(cursor: string, expected: string): After | undefined {
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const [value, id, total, of, direction] = state;
    const valid =
      (typeof value === 'string' || typeof value === 'number') &&
      typeof id === 'string' &&
      typeof total === 'string' &&
      /^[0-9]{1,19}$/.test(total) &&
      of === expected &&
      state.length <= 5 &&
      (direction === undefined || direction === BEFORE);
    return valid ? { value, id, total, ...(direction === BEFORE && { before: true }) } : undefined;
  } catch {
    return undefined;
  }
}
