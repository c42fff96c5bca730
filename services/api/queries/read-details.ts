import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { ReadModelProgress } from '../../../shared/db/entities/index.js';

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

/** How far a read model got, as a list answers it: 0 and no time before its first event. */
export async function progressOf(
  dataSource: DataSource,
  readModel: string,
): Promise<{ processedSequence: string; viewTimestamp?: Date }> {
  const progress = await dataSource.getRepository(ReadModelProgress).findOneBy({ readModel });
  return progress
    ? { processedSequence: progress.position, viewTimestamp: progress.changeDate }
    : { processedSequence: '0' };
}

/**
 * How far a table the operations write got, as a list answers it: the last event recorded, which
 * it holds (an operation writes its rows and its events in one transaction).
 */
export async function recordedProgress(
  dataSource: DataSource,
): Promise<{ processedSequence: string; viewTimestamp?: Date }> {
  const [last]: { position: string | number; created_at: Date | string }[] = await dataSource.query(
    'SELECT position, created_at FROM events ORDER BY position DESC LIMIT 1',
  );
  return last
    ? { processedSequence: String(last.position), viewTimestamp: timeOf(last.created_at)! }
    : { processedSequence: '0' };
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

/** A flag as either driver answers it (MySQL's 0 or 1, SQLite's too). */
export const flag = (value: number | boolean): boolean => Boolean(Number(value));

/** An event's payload as either driver answers it (JSON text on MariaDB and SQLite). */
export const payloadOf = (payload: unknown): Record<string, unknown> =>
  (typeof payload === 'string' ? JSON.parse(payload) : payload) as Record<string, unknown>;
