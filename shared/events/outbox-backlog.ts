import type { DataSource } from 'typeorm';
import { timeOf } from '../db/data-source.js';

export interface OutboxBacklog {
  /** Committed events not yet published. */
  unpublished: number;
  /** Age in seconds of the oldest of them; 0 when there are none. */
  oldestAgeSeconds: number;
}

/** What the metrics report about the relay: how much is waiting, and for how long. */
export async function outboxBacklog(dataSource: DataSource): Promise<OutboxBacklog> {
  const rows: { unpublished: string | number; oldest: Date | string | null }[] =
    await dataSource.query(
      'SELECT COUNT(*) AS unpublished, MIN(created_at) AS oldest FROM events WHERE published_at IS NULL',
    );
  const oldest = timeOf(rows[0]?.oldest);
  return {
    unpublished: Number(rows[0]?.unpublished ?? 0),
    oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}
