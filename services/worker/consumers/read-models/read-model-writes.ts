import type { DataSource, EntityTarget } from 'typeorm';
import { tableOf, type Table } from '../../../../shared/db/batched/queued-statements.js';
import { dialectOf, type Write } from '../../../../shared/db/dialect.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';

/** The columns every read model row has: the details of the first and the last event reduced. */
export interface ReadModelRow {
  id: string;
  orgId: string;
  sequence: string;
  creationDate: Date;
  changeDate: Date;
}

/** An expression of SQL, given the column's name, with its own parameters. */
export type Expression = (column: string) => Write;

/**
 * What one event does to one row of a read model (the row whose id is the event's subject, or
 * what the table's writes take from the event), kept apart until a batch's changes are folded
 * into statements (`runsOf`).
 */
export interface RowChange {
  readonly rows: { readonly tableKey: string; statement(run: readonly RowChange[]): Write };
  readonly event: CloudEvent;
  /** The row's id. */
  readonly id: string;
  /** The aggregate's first event: it inserts the row. */
  readonly creates: boolean;
  /** Values by the entity's property names. */
  readonly columns: Record<string, unknown>;
  /** Columns set by SQL from their own value (an append): such a change is never folded. */
  readonly expressions?: Record<string, Expression>;
}

/**
 * The statements of one read model's table. Column names and stored values come from its
 * entity's metadata (as TypeORM would store them), so the entity stays the schema. Each
 * statement is idempotent and applies only what is newer than the row's `sequence` (the last
 * event reduced): applying an event twice, or an older one after a newer one, changes nothing.
 */
export class ReadModelWrites<Model extends ReadModelRow> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: EntityTarget<Model>,
    /** Which row an event changes: by default its aggregate's (the subject). */
    private readonly rowOf: (event: CloudEvent) => string = (event) => event.subject,
  ) {}

  /** The row an aggregate's first event creates; a replay of that event finds it there. */
  insertOnce(event: CloudEvent, columns: Partial<Model>): RowChange {
    return { rows: this, event, id: this.rowOf(event), creates: true, columns };
  }

  /** Columns an event after the first sets; `expressions` compute a column from its value. */
  applyIfNewer(
    event: CloudEvent,
    columns: Partial<Model>,
    expressions?: { [Property in keyof Model]?: Expression },
  ): RowChange {
    return {
      rows: this,
      event,
      id: this.rowOf(event),
      creates: false,
      columns,
      expressions: expressions as Record<string, Expression> | undefined,
    };
  }

  get tableKey(): string {
    return this.table.metadata.tableName;
  }

  /**
   * One statement for a run of one row's changes in ascending sequence (`runsOf`), which leaves
   * the row as applying them one by one would, from whatever state it is in. Each column takes
   * the value of the run's last change that sets it, if that change is newer than the row; the
   * run's first change, when it creates the row, inserts it with every column as the run leaves
   * it. A run of one change is the plain statement.
   */
  statement(run: readonly RowChange[]): Write {
    const first = run[0]!;
    const last = run.at(-1)!;
    const later = new Map<string, { value: unknown; sequence: string }>();
    for (const change of first.creates ? run.slice(1) : run) {
      for (const [property, value] of Object.entries(change.columns)) {
        later.set(property, { value, sequence: change.event.sequence });
      }
    }
    const details = { sequence: last.event.sequence, changeDate: new Date(last.event.time) };
    if (first.creates) {
      const row = this.assigned({
        id: first.id,
        orgId: first.event.resourceowner,
        ...first.columns,
        ...Object.fromEntries([...later].map(([property, { value }]) => [property, value])),
        ...details,
        creationDate: new Date(first.event.time),
      });
      const dialect = dialectOf(this.dataSource);
      let onKey: Write = { sql: dialect.keepExisting, params: [] };
      if (run.length > 1) {
        const set = this.newerOnly(later, last, true);
        onKey = { sql: `${dialect.onKeyUpdate('id')} ${set.sql}`, params: set.params };
      }
      return {
        sql:
          `INSERT INTO ${this.tableName} (${row.map(([name]) => name).join(', ')}) ` +
          `VALUES (${row.map(() => '?').join(', ')}) ${onKey.sql}`,
        params: [...row.map(([, value]) => value), ...onKey.params],
      };
    }
    const computed = Object.entries(first.expressions ?? {}).map(([property, expression]) => {
      const name = this.name(property);
      const { sql, params } = expression(name);
      return { sql: `${name} = ${sql}`, params };
    });
    const set = this.newerOnly(later, last, false, computed);
    return {
      sql:
        `UPDATE ${this.tableName} SET ${set.sql} ` +
        `WHERE ${this.name('id')} = ? AND ${this.name('sequence')} < ?`,
      params: [...set.params, first.id, last.event.sequence],
    };
  }

  /**
   * Assignments that give each column of `later` its value where the change that set it is newer
   * than the row, then the details of `last` where it is. A change as new as `last` needs no
   * guard of its own when the statement applies only to rows older than `last` (an UPDATE's
   * WHERE); an upsert's assignments have no WHERE, so there (`everyGuarded`) each is guarded.
   * The row's `sequence` is assigned last: MySQL's later assignments would see its new value.
   */
  private newerOnly(
    later: Map<string, { value: unknown; sequence: string }>,
    last: RowChange,
    everyGuarded: boolean,
    computed: Write[] = [],
  ): Write {
    const sequenceColumn = this.name('sequence');
    const assignments: Write[] = [];
    const assign = (property: string, value: unknown, sequence: string) => {
      const name = this.name(property);
      const stored = this.stored(property, value);
      assignments.push(
        everyGuarded || sequence !== last.event.sequence
          ? {
              sql: `${name} = CASE WHEN ${sequenceColumn} < ? THEN ? ELSE ${name} END`,
              params: [sequence, stored],
            }
          : { sql: `${name} = ?`, params: [stored] },
      );
    };
    for (const [property, { value, sequence }] of later) assign(property, value, sequence);
    assignments.push(...computed);
    assign('changeDate', new Date(last.event.time), last.event.sequence);
    assign('sequence', last.event.sequence, last.event.sequence);
    return {
      sql: assignments.map(({ sql }) => sql).join(', '),
      params: assignments.flatMap(({ params }) => params),
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

  private stored(property: string, value: unknown): unknown {
    return this.dataSource.driver.preparePersistentValue(value, this.table.column(property));
  }

  /** Each property's column name and its value as TypeORM stores it. */
  private assigned(values: Record<string, unknown>): [string, unknown][] {
    return Object.entries(values).map(([property, value]) => [
      this.name(property),
      this.stored(property, value),
    ]);
  }
}
