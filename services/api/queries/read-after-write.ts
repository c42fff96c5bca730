import type { DataSource } from 'typeorm';
import { invalidArgument, ServiceError } from '../../../shared/errors/service-error.js';
import type { AggregateType } from '../../../shared/events/event-types.js';

/** The header (gRPC metadata alike) that names the sequences of the writes a read must show. */
export const AFTER_SEQUENCE_HEADER = 'x-identity-after-sequence';

/** How long a read waits for its read model, and how often it looks. */
export const READ_WAIT_MS = 5000;
const LOOK_EVERY_MS = 25;

/** The read model of each kind of aggregate that has one. */
const READ_MODELS: Partial<Record<AggregateType, string>> = {
  user: 'user_read_models',
  project: 'project_read_models',
};

const SEQUENCES = /^\s*[1-9][0-9]{0,18}\s*(,\s*[1-9][0-9]{0,18}\s*){0,19}$/;

/**
 * Read-your-writes: waits until the read model of `reads` shows each write named in the header,
 * the `details.sequence` of up to 20 writes, comma-separated. A write shows once its aggregate's
 * row has reduced it (the row's sequence is at least the write's); a write of another kind of
 * aggregate does not concern this read. Past READ_WAIT_MS it is UNAVAILABLE (READ-MODEL-BEHIND);
 * a header that is not such a list, or names no event of the organization, is INVALID_ARGUMENT.
 */
export async function untilReduced(
  dataSource: DataSource,
  reads: AggregateType,
  orgId: string,
  header: string,
): Promise<void> {
  if (!SEQUENCES.test(header)) throw badHeader('must be 1 to 20 sequences, comma-separated');
  const positions = [...new Set(header.split(',').map((each) => each.trim()))];
  const events: { position: string | number; aggregate_type: string; aggregate_id: string }[] =
    await dataSource.query(
      `SELECT position, aggregate_type, aggregate_id FROM events
        WHERE org_id = ? AND position IN (${positions.map(() => '?').join(', ')})`,
      [orgId, ...positions],
    );
  if (events.length < positions.length)
    throw badHeader('names a sequence that is no write of the target organization');
  const table = READ_MODELS[reads];
  const awaited = new Map<string, bigint>();
  for (const event of events) {
    if (event.aggregate_type !== reads) continue;
    const position = BigInt(event.position);
    if ((awaited.get(event.aggregate_id) ?? 0n) < position)
      awaited.set(event.aggregate_id, position);
  }
  if (!table || awaited.size === 0) return;
  const deadline = Date.now() + READ_WAIT_MS;
  for (;;) {
    const rows: { id: string; sequence: string | number }[] = await dataSource.query(
      `SELECT id, sequence FROM ${table} WHERE id IN (${[...awaited.keys()].map(() => '?').join(', ')})`,
      [...awaited.keys()],
    );
    for (const row of rows)
      if (BigInt(row.sequence) >= awaited.get(row.id)!) awaited.delete(row.id);
    if (awaited.size === 0) return;
    if (Date.now() >= deadline) throw new ServiceError('READ-MODEL-BEHIND');
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

const badHeader = (description: string) =>
  invalidArgument([{ field: AFTER_SEQUENCE_HEADER, description }]);
