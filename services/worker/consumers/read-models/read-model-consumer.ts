import type { DataSource } from 'typeorm';
import { dialectOf, type Write } from '../../../../shared/db/dialect.js';
import { ReadModelProgress } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventPayloads, EventType } from '../../../../shared/events/event-types.js';
import type { EventConsumer } from '../event-consumer.js';
import type { RowChange } from './read-model-writes.js';

export { ReadModelWrites } from './read-model-writes.js';

/** What an event does to a read model: the changes of rows it becomes. */
export type Reducers = {
  [Type in EventType]?: (event: CloudEvent, data: EventPayloads[Type]) => RowChange[];
};

/**
 * A read model's consumer: a table of event type → reducer (the event types it handles are the
 * table's). A batch's changes are folded, one statement for each row's run of changes (an
 * import's three events become one upsert), and the statements run together, in one round trip
 * on MySQL.
 */
export abstract class ReadModelConsumer implements EventConsumer {
  abstract readonly name: string;
  protected abstract readonly reducers: Reducers;

  constructor(protected readonly dataSource: DataSource) {}

  get handles(): readonly EventType[] {
    return Object.keys(this.reducers) as EventType[];
  }

  perform(event: CloudEvent): Promise<void> {
    return this.performAll([event]);
  }

  performAll(events: CloudEvent[]): Promise<void> {
    const changes = events.flatMap((event) => {
      const reduce = this.reducers[event.type as EventType] as
        ((event: CloudEvent, data: unknown) => RowChange[]) | undefined;
      return reduce ? reduce(event, event.data) : [];
    });
    const writes = runsOf(changes).map((run) => run[0]!.rows.statement(run));
    const latest = events.reduce<CloudEvent | undefined>(
      (found, event) => (found && BigInt(found.sequence) >= BigInt(event.sequence) ? found : event),
      undefined,
    );
    if (latest) writes.push(progressWrite(this.dataSource, this.name, latest));
    return dialectOf(this.dataSource).runIdempotent(writes);
  }
}

/**
 * Moves the read model's progress (`read_model_progress`) to the latest event of a batch, never
 * back: a batch replayed, or one of another partition that lags, leaves the greater position.
 */
function progressWrite(dataSource: DataSource, readModel: string, latest: CloudEvent): Write {
  const dialect = dialectOf(dataSource);
  const column = dataSource.getMetadata(ReadModelProgress).findColumnWithPropertyName('changeDate');
  // As TypeORM stores a time (UTC text on SQLite, a DATETIME on MySQL).
  const time: unknown = dataSource.driver.preparePersistentValue(new Date(latest.time), column!);
  // Assigned in this order: MySQL's later assignments see the earlier ones' new values.
  const newer = (column: string) => `${column} = CASE WHEN ? > position THEN ? ELSE ${column} END`;
  return {
    sql:
      `INSERT INTO read_model_progress (read_model, position, change_date) VALUES (?, ?, ?) ` +
      `${dialect.onKeyUpdate('read_model')} ${newer('change_date')}, ${newer('position')}`,
    params: [
      readModel,
      latest.sequence,
      time,
      latest.sequence,
      time,
      latest.sequence,
      latest.sequence,
    ],
  };
}

/** The properties `keys` of an event's payload, which the read model's entity names alike. */
export function pick<Payload, Key extends keyof Payload>(
  payload: Payload,
  keys: readonly Key[],
): Pick<Payload, Key> {
  return Object.fromEntries(keys.map((key) => [key, payload[key]])) as Pick<Payload, Key>;
}

/**
 * A batch's changes as runs, each to become one statement: a run is one row's changes in
 * ascending sequence, with none between them that computes a column from its value (an append
 * is not idempotent, so it stays a statement of its own) and none that creates the row but the
 * first. A change older than or as old as the one before it for its row starts a run of its own,
 * so replays and late events are judged against the row, as one by one. Each row's runs keep
 * their order; runs of different rows may pass one another, since each statement touches only
 * its own row.
 */
export function runsOf(changes: readonly RowChange[]): RowChange[][] {
  const runs: RowChange[][] = [];
  const open = new Map<string, RowChange[]>();
  for (const change of changes) {
    const row = `${change.rows.tableKey}\n${change.id}`;
    const run = open.get(row);
    if (run && follows(run.at(-1)!, change)) {
      run.push(change);
    } else {
      const fresh = [change];
      runs.push(fresh);
      open.set(row, fresh);
    }
  }
  return runs;
}

function follows(previous: RowChange, next: RowChange): boolean {
  return (
    !next.creates &&
    !previous.expressions &&
    !next.expressions &&
    BigInt(next.event.sequence) > BigInt(previous.event.sequence)
  );
}
