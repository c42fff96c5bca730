import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import type { Write } from '../../../shared/db/dialect.js';

/**
 * The details of a read (identity.v1.ObjectDetails): the sequence and date of the last event the
 * read model reduced of the resource, the date of its first, its organization.
 */
export interface ReadDetails {
  sequence: string;
  creationDate: Date;
  changeDate: Date;
  resourceOwner: string;
}

/** How far a read model got, as a list answers it. */
export interface Progress {
  processedSequence: string;
  viewTimestamp?: Date;
}

/** The columns `progressColumns` adds to a row. */
export interface ProgressRow {
  progress_position: string | null;
  progress_time: Date | string | null;
}

/**
 * How far a read model got, as two columns of a statement (asked in SQL rather than through the
 * entity's repository: every list asks it, and TypeORM's findOneBy took twice the API's CPU,
 * 61–68 µs a call against 30, measured on MariaDB). A page asks them with its rows, in one
 * statement: what they say is what those rows show.
 */
export const progressColumns = (readModel: string): Write => ({
  sql: `(SELECT CAST(position AS CHAR) FROM read_model_progress WHERE read_model = ?) AS progress_position,
    (SELECT change_date FROM read_model_progress WHERE read_model = ?) AS progress_time`,
  params: [readModel, readModel],
});

/** How far a read model got, from `progressColumns`: 0 and no time before its first event. */
export const progressFrom = (row: ProgressRow): Progress =>
  row.progress_position === null
    ? { processedSequence: '0' }
    : { processedSequence: row.progress_position, viewTimestamp: timeOf(row.progress_time)! };

/** How far a read model got, asked on its own. */
export async function progressOf(dataSource: DataSource, readModel: string): Promise<Progress> {
  const { sql, params } = progressColumns(readModel);
  const [row]: ProgressRow[] = await dataSource.query(`SELECT ${sql}`, params);
  return progressFrom(row!);
}

/**
 * How far a read of the tables the operations write got, as a list answers it: the last event
 * recorded when it began (its position) and that time, since those tables hold each write as it
 * commits. Asked before the rows are read; a write committing at that moment with an earlier
 * position (positions are taken before commits, which may finish out of order) may show only in
 * the next read.
 */
export async function writtenProgress(
  dataSource: DataSource,
): Promise<{ processedSequence: string; viewTimestamp: Date }> {
  const viewTimestamp = new Date();
  const [last]: { position: string | number | null }[] = await dataSource.query(
    'SELECT MAX(position) AS position FROM events',
  );
  return { processedSequence: String(last?.position ?? 0), viewTimestamp };
}

/** The columns every read model row has, as the driver answers them. */
export interface ReadModelRow {
  id: string;
  org_id: string;
  sequence: string | number;
  creation_date: Date | string;
  change_date: Date | string;
}

/** The details of a read model row. */
export function readDetailsOf(row: ReadModelRow): ReadDetails {
  return {
    sequence: String(row.sequence),
    creationDate: timeOf(row.creation_date)!,
    changeDate: timeOf(row.change_date)!,
    resourceOwner: row.org_id,
  };
}

/**
 * The details of a row of a table the operations write that keeps its last event's sequence and
 * date (an organization, an identity provider): its creation (`created_at`) and last change (that
 * creation where none is stored), and its owner.
 */
export function writtenDetailsOf(
  row: { sequence: string | number; created_at: Date | string; change_date: Date | string | null },
  resourceOwner: string,
): ReadDetails {
  return {
    sequence: String(row.sequence),
    creationDate: timeOf(row.created_at)!,
    changeDate: timeOf(row.change_date) ?? timeOf(row.created_at)!,
    resourceOwner,
  };
}

/** A flag as either driver answers it (MySQL's 0 or 1, SQLite's too). */
export const flag = (value: number | boolean): boolean => Boolean(Number(value));

/** An event's payload as either driver answers it (JSON text on MariaDB and SQLite). */
/** A JSON column's value as either driver answers it: parsed (MariaDB), or as text (SQLite). */
export const jsonOf = <Value>(value: Value | string): Value =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Value;

export const payloadOf = (payload: unknown): Record<string, unknown> =>
  jsonOf(payload as Record<string, unknown>);

/**
 * The roles a user holds in an organization (`role_grants`), one row per user and organization
 * with the dates of its first and last role, keyed by `id`: the user's (an organization's
 * members) or the organization's (a user's memberships). A derived table named `alias`.
 */
export const roleHoldings = (id: 'user_id' | 'org_id', alias: string): string =>
  `(SELECT ${id} AS id, user_id, org_id, MIN(created_at) AS creation_date,
     MAX(created_at) AS change_date FROM role_grants GROUP BY user_id, org_id) ${alias}`;
