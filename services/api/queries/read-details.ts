import type { DataSource } from 'typeorm';
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
