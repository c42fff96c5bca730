import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** Expired ceremonies are deleted by the first write after this long since the last sweep. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The WebAuthn ceremonies begun and not yet answered, in the `passkey_ceremonies` table, so that
 * any replica can take the answer: each kept for a while and taken by its first answer alone.
 */
export interface ChallengeStore {
  /** Keeps `record` under a new id for `seconds`; the id. */
  keep(record: object, seconds: number): Promise<string>;
  /**
   * The record kept under `id`, taken: when it has not expired and `fits` it. Of two answers at
   * once, one takes it and the other finds nothing (its claim is a single UPDATE).
   */
  take<Record extends object>(
    id: string,
    fits: (record: Record) => boolean,
  ): Promise<Record | undefined>;
}

export function databaseChallengeStore(dataSource: DataSource): ChallengeStore {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await dataSource.query('DELETE FROM passkey_ceremonies WHERE expires_at <= ?', [now]);
  };
  const payloadOf = async (id: string, claim?: string) => {
    const [row] = (await dataSource.query(
      `SELECT payload FROM passkey_ceremonies
        WHERE id = ? AND expires_at > ? AND taken_by ${claim ? '= ?' : 'IS NULL'}`,
      [id, Date.now(), ...(claim ? [claim] : [])],
    )) as { payload: string }[];
    return row && (JSON.parse(row.payload) as object);
  };
  return {
    async keep(record, seconds) {
      const id = randomUUID();
      const now = Date.now();
      await sweep(now);
      await dataSource.query(
        'INSERT INTO passkey_ceremonies (id, payload, expires_at, taken_by) VALUES (?, ?, ?, NULL)',
        [id, JSON.stringify(record), now + seconds * 1000],
      );
      return id;
    },
    async take<Record extends object>(id: string, fits: (record: Record) => boolean) {
      const found = (await payloadOf(id)) as Record | undefined;
      if (!found || !fits(found)) return undefined;
      const claim = randomUUID();
      await dataSource.query(
        'UPDATE passkey_ceremonies SET taken_by = ? WHERE id = ? AND taken_by IS NULL',
        [claim, id],
      );
      const taken = (await payloadOf(id, claim)) as Record | undefined;
      if (taken) await dataSource.query('DELETE FROM passkey_ceremonies WHERE id = ?', [id]);
      return taken;
    },
  };
}
