import type { DataSource, EntityTarget } from 'typeorm';
import { tableOf, type Table } from '../../../../shared/db/batched/queued-statements.js';
import { dialectOf, type Write } from '../../../../shared/db/dialect.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventPayloads, EventType } from '../../../../shared/events/event-types.js';
import type { EventConsumer } from '../event-consumer.js';

/** The columns every read model row has: the details of the first and the last event reduced. */
interface ReadModelRow {
  id: string;
  orgId: string;
  sequence: string;
  creationDate: Date;
  changeDate: Date;
}

/** What an event does to a read model: the writes it becomes, each idempotent. */
export type Reducers = {
  [Type in EventType]?: (event: CloudEvent, data: EventPayloads[Type]) => Write[];
};

/**
 * A read model's consumer: a table of event type → reducer (the event types it handles are the
 * table's), and a batch's writes run together, in one round trip on MySQL.
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
    const writes = events.flatMap((event) => {
      const reduce = this.reducers[event.type as EventType] as
        ((event: CloudEvent, data: unknown) => Write[]) | undefined;
      return reduce ? reduce(event, event.data) : [];
    });
    return dialectOf(this.dataSource).runIdempotent(writes);
  }
}

/** The properties `keys` of an event's payload, which the read model's entity names alike. */
export function pick<Payload, Key extends keyof Payload>(
  payload: Payload,
  keys: readonly Key[],
): Pick<Payload, Key> {
  return Object.fromEntries(keys.map((key) => [key, payload[key]])) as Pick<Payload, Key>;
}

/** An expression of SQL, given the column's name, with its own parameters. */
export type Expression = (column: string) => Write;

/**
 * The writes of one read model's table. Column names and stored values come from its entity's
 * metadata (as TypeORM would store them), so the entity stays the schema.
 */
export class ReadModelWrites<Model extends ReadModelRow> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: EntityTarget<Model>,
  ) {}

  /** Inserts the row an aggregate's first event creates; a replay of that event finds it there. */
  insertOnce(event: CloudEvent, columns: Partial<Model>): Write {
    const at = new Date(event.time);
    const row = {
      id: event.subject,
      orgId: event.resourceowner,
      ...columns,
      sequence: event.sequence,
      creationDate: at,
      changeDate: at,
    } as Partial<Model>;
    const assigned = this.assigned(row);
    return {
      sql:
        `INSERT INTO ${this.tableName} (${assigned.map(([name]) => name).join(', ')}) ` +
        `VALUES (${assigned.map(() => '?').join(', ')}) ${dialectOf(this.dataSource).keepExisting}`,
      params: assigned.map(([, value]) => value),
    };
  }

  /**
   * Applies an event to one row only when it is newer than what the row reflects: the row's
   * `sequence` is the last event reduced, so applying an event twice, or an older one after a
   * newer one, matches no row and changes nothing. The guard and the write are one statement.
   */
  applyIfNewer(
    event: CloudEvent,
    columns: Partial<Model>,
    expressions: { [Property in keyof Model]?: Expression } = {},
  ): Write {
    const assigned = this.assigned({
      ...columns,
      sequence: event.sequence,
      changeDate: new Date(event.time),
    } as Partial<Model>);
    const computed = Object.entries(expressions).map(([property, expression]) => {
      const name = this.name(property);
      return { name, ...(expression as Expression)(name) };
    });
    const assignments = [
      ...assigned.map(([name]) => `${name} = ?`),
      ...computed.map(({ name, sql }) => `${name} = ${sql}`),
    ];
    return {
      sql:
        `UPDATE ${this.tableName} SET ${assignments.join(', ')} ` +
        `WHERE ${this.name('id')} = ? AND ${this.name('sequence')} < ?`,
      params: [
        ...assigned.map(([, value]) => value),
        ...computed.flatMap((expression) => expression.params),
        event.subject,
        event.sequence,
      ],
    };
  }

  /** Looked up when first written: the consumer may be made before the data source is open. */
  private get table(): Table {
    return tableOf(this.dataSource, this.entity);
  }

  private get tableName(): string {
    return this.dataSource.driver.escape(this.table.metadata.tableName);
  }

  private name(property: string): string {
    return this.dataSource.driver.escape(this.table.column(property).databaseName);
  }

  /** Each property's column name and its value as TypeORM stores it. */
  private assigned(values: Partial<Model>): [string, unknown][] {
    return Object.entries(values).map(([property, value]) => [
      this.name(property),
      this.dataSource.driver.preparePersistentValue(value, this.table.column(property)),
    ]);
  }
}
