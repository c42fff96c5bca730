import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { dialectOf, type Write } from '../../../shared/db/dialect.js';
import { UserReadModel } from '../../../shared/db/entities/index.js';
import { cursorAfter, type ListDetails, type Page } from './list-query.js';
import {
  progressColumns,
  progressFrom,
  progressOf,
  writtenProgress,
  type ProgressRow,
} from './read-details.js';
import { allOf, NEVER } from './text-conditions.js';

/** One list's page of a read model (or of a table the operations write), as a query module asks for it. */
export interface PageRead {
  /**
   * The read model's table, and its name in `read_model_progress`; or, for what no read model
   * holds, a table the operations write (or a derived table of it) and no name: the page then
   * shows every event recorded when it was read (`writtenProgress`).
   */
  table: string;
  readModel?: string;
  /** The rows that match, the organization's among them. */
  matching: Write;
  /** What the list is ordered by (then the id): a column or an expression of the row. */
  sort: string;
  page: Page;
  /** What the page is of (sorting column, criteria), which its cursor must match. */
  of: unknown;
  /** The index a page after a cursor reads (the sort column's, where the query module knows it). */
  cursorIndex?: string;
  /**
   * Every index that can serve the read (its criteria's and its order's), where the query module
   * knows them all: the planner weighs only these for the page and the count.
   */
  indexes?: readonly string[];
  /** The columns a row is read with, where the list shows fewer than the table has (all). */
  columns?: string;
  /** How many match, where it is kept rather than counted (an organization's users). */
  total?: () => Promise<string>;
}

/**
 * A page of a read model's rows: those after the cursor in the page's order (or past the offset;
 * or, after a previous cursor, the page before its row), with how many match (counted on the
 * first page; a cursor carries it on), how far the read model got, and the cursors of the next
 * and the previous page where rows follow or come before.
 */
export async function readPage<Row extends { id: string }>(
  dataSource: DataSource,
  read: PageRead,
): Promise<{ rows: Row[]; details: ListDetails }> {
  const { table, sort, page, matching } = read;
  // The page before a row is read backwards from it, and turned round.
  const backward = page.after?.before === true;
  const ascending = page.asc !== backward;
  const after = page.after && afterCondition(dataSource, sort, ascending, page.after);
  const where = after ? allOf([matching, after]) : matching;
  const dialect = dialectOf(dataSource);
  const weighed = read.indexes ? dialect.useIndexes(read.indexes) : '';
  const index = after && read.cursorIndex ? dialect.forceIndex(read.cursorIndex) : weighed;
  const direction = ascending ? 'ASC' : 'DESC';
  // A written table's progress is asked first, so that the rows show at least as much; a read
  // model's is asked with the rows, in their statement: a round trip fewer, and the same snapshot.
  const written = read.readModel === undefined ? await writtenProgress(dataSource) : undefined;
  const beside = read.readModel === undefined ? undefined : progressColumns(read.readModel);
  const rows: PageRow<Row>[] = await dataSource.query(
    `SELECT ${read.columns ?? '*'}, ${sort} AS sort_value${beside ? `, ${beside.sql}` : ''}
      FROM ${table} ${index} WHERE ${where.sql}
      ORDER BY ${sort} ${direction}${sort === 'id' ? '' : `, id ${direction}`}
      LIMIT ? OFFSET ?`,
    [...(beside?.params ?? []), ...where.params, page.limit + 1, page.offset],
  );
  // A page without rows brings no progress beside them: it is asked on its own.
  const progress =
    written ?? (rows[0] ? progressFrom(rows[0]) : await progressOf(dataSource, read.readModel!));
  // A cursor carries the first page's count; a first page that holds every match (an exact
  // email, a small organization) is its own count, and only a longer list is counted.
  const total =
    page.after?.total ??
    (page.offset === 0 && rows.length <= page.limit
      ? String(rows.length)
      : await (read.total?.() ?? countOf(dataSource, `${table} ${weighed}`, matching)));
  const beyond = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  if (backward) shown.reverse();
  const [first, last] = [shown[0], shown.at(-1)];
  // Backwards, the cursor's row follows the page; forwards, any page but the first has rows before.
  const later = backward || beyond;
  const earlier = backward ? beyond : page.after !== undefined || page.offset > 0;
  const cursor = (row: PageRow<Row>, before: boolean) =>
    cursorAfter(
      { value: cursorValue(sort, row.sort_value), id: row.id, total, before },
      page.asc,
      read.of,
    );
  return {
    rows: shown,
    details: {
      totalResult: total,
      ...progress,
      ...(later && last && { nextCursor: cursor(last, false) }),
      ...(earlier && first && { previousCursor: cursor(first, true) }),
    },
  };
}

/** A row of a page as read: the list's columns, its sort value, and a read model's progress. */
type PageRow<Row> = Row & { sort_value: unknown } & ProgressRow;

/** How many rows of `table` (with what follows its name) match. */
async function countOf(dataSource: DataSource, table: string, matching: Write): Promise<string> {
  const counted: { total: number | string }[] = await dataSource.query(
    `SELECT COUNT(*) AS total FROM ${table} WHERE ${matching.sql}`,
    matching.params,
  );
  return String(counted[0]?.total ?? 0);
}

/** The rows after the previous page's last, in the page's order. */
function afterCondition(
  dataSource: DataSource,
  sort: string,
  asc: boolean,
  after: { value: string | number; id: string },
): Write {
  const beyond = asc ? '>' : '<';
  if (sort === 'id') return { sql: `id ${beyond} ?`, params: [after.id] };
  const value = sort === 'creation_date' ? storedTime(dataSource, after.value) : after.value;
  if (value === undefined) return NEVER;
  // The first comparison alone bounds the index range where the page starts; the rest only
  // passes over the rows of the same value up to the cursor's id.
  return {
    sql: `${sort} ${beyond}= ? AND (${sort} ${beyond} ? OR id ${beyond} ?)`,
    params: [value, value, after.id],
  };
}

/**
 * A time as the cursor keeps it (ms since the epoch), as the database compares it: as TypeORM
 * stores every read model's `creation_date` (the user read model's stands for all).
 */
function storedTime(dataSource: DataSource, value: string | number): unknown {
  const time = new Date(Number(value));
  // A cursor this service made holds a time; anything else continues no list.
  if (Number.isNaN(time.getTime())) return undefined;
  const column = dataSource.getMetadata(UserReadModel).findColumnWithPropertyName('creationDate')!;
  return dataSource.driver.preparePersistentValue(time, column);
}

/**
 * A sort value as the cursor keeps it: the text of a text column, or the time of `creation_date`
 * as ms since the epoch (MySQL answers a Date, SQLite the text TypeORM stored).
 */
function cursorValue(sort: string, value: unknown): string | number {
  if (sort !== 'creation_date') return typeof value === 'number' ? value : String(value);
  return (value instanceof Date ? value : timeOf(String(value))!).getTime();
}
