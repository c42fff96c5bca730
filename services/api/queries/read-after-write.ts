import type { DataSource } from 'typeorm';
import { invalidArgument, ServiceError } from '../../../shared/errors/service-error.js';
import type { AggregateType } from '../../../shared/events/event-types.js';
import { metadataRowId } from '../../../shared/metadata-row-id.js';
import { payloadOf } from './read-details.js';

/** The header (gRPC metadata alike) that names the sequences of the writes a read must show. */
export const AFTER_SEQUENCE_HEADER = 'x-identity-after-sequence';

/** How long a read waits for its read model, and how often it looks. */
export const READ_WAIT_MS = 5000;
const LOOK_EVERY_MS = 25;

/**
 * What a read answers from: the read model of a kind of aggregate (its rows keyed by the
 * aggregate's id), or `user-grant`, the user grants, whose events are their users' and whose rows
 * are keyed by the grant's id, or `user-metadata`, users' metadata entries, keyed by user and key.
 */
export type ReadKind = AggregateType | 'user-grant' | 'user-metadata';

/** The read model of each kind of read that has one: its table, the events it reduces, each row. */
const READ_MODELS: Partial<Record<ReadKind, ReadModelOf>> = {
  user: { table: 'user_read_models', aggregate: 'user' },
  project: { table: 'project_read_models', aggregate: 'project' },
  'user-grant': {
    table: 'user_grant_read_models',
    aggregate: 'user',
    typePrefix: 'user.grant.',
    rowOf: (payload) => String(payload.grantId),
  },
  'user-metadata': {
    table: 'user_metadata_read_models',
    aggregate: 'user',
    typePrefix: 'user.metadata.',
    rowOf: (payload, userId) => metadataRowId(userId, String(payload.key)),
  },
};

interface ReadModelOf {
  table: string;
  aggregate: AggregateType;
  /** Only the events of these types show there (all the aggregate's when absent). */
  typePrefix?: string;
  /** The row an event shows in (the aggregate's id when absent). */
  rowOf?: (payload: Record<string, unknown>, aggregateId: string) => string;
}

const SEQUENCES = /^\s*[1-9][0-9]{0,18}\s*(,\s*[1-9][0-9]{0,18}\s*){0,19}$/;

/**
 * Read-your-writes: waits until the read model of `reads` shows each write named in the header,
 * the `details.sequence` of up to 20 writes, comma-separated. A write shows once the row it
 * shows in (its aggregate's, or its user grant's) has reduced it (the row's sequence is at least
 * the write's); a write the read model does not reduce does not concern this read. Past READ_WAIT_MS it is UNAVAILABLE (READ-MODEL-BEHIND);
 * a header that is not such a list, or names no event of the organization, is INVALID_ARGUMENT.
 */
export async function untilReduced(
  dataSource: DataSource,
  reads: ReadKind,
  orgId: string,
  header: string,
): Promise<void> {
  if (!SEQUENCES.test(header)) throw badHeader('must be 1 to 20 sequences, comma-separated');
  const positions = [...new Set(header.split(',').map((each) => each.trim()))];
  const events: {
    position: string | number;
    type: string;
    aggregate_type: string;
    aggregate_id: string;
    payload: unknown;
  }[] = await dataSource.query(
    `SELECT position, type, aggregate_type, aggregate_id, payload FROM events
      WHERE org_id = ? AND position IN (${positions.map(() => '?').join(', ')})`,
    [orgId, ...positions],
  );
  if (events.length < positions.length)
    throw badHeader('names a sequence that is no write of the target organization');
  const model = READ_MODELS[reads];
  if (!model) return;
  const awaited = new Map<string, bigint>();
  for (const event of events) {
    if (event.aggregate_type !== model.aggregate) continue;
    if (model.typePrefix && !event.type.startsWith(model.typePrefix)) continue;
    const row = model.rowOf
      ? model.rowOf(payloadOf(event.payload), event.aggregate_id)
      : event.aggregate_id;
    const position = BigInt(event.position);
    if ((awaited.get(row) ?? 0n) < position) awaited.set(row, position);
  }
  if (awaited.size === 0) return;
  const deadline = Date.now() + READ_WAIT_MS;
  for (;;) {
    const rows: { id: string; sequence: string | number }[] = await dataSource.query(
      `SELECT id, sequence FROM ${model.table} WHERE id IN (${[...awaited.keys()].map(() => '?').join(', ')})`,
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
