import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';

/**
 * A value of a queued write that is the auto-increment key of the last row inserted before it in
 * the transaction: an aggregate's sequence, the position of the event just recorded.
 */
export const LAST_INSERT_ID = Symbol('the last auto-increment key inserted');

export type Values<Entity> = { [Key in keyof Entity]?: Entity[Key] | typeof LAST_INSERT_ID };
type Where<Entity> = { [Key in keyof Entity]?: Entity[Key] | Entity[Key][] };

/** A queued INSERT: once committed, the key given to its last row when the table makes keys. */
export interface Insertion {
  readonly lastId: string;
}

/**
 * A transaction that reads as it goes and writes at its end. Reads run when asked (on MySQL the
 * first one carries the START TRANSACTION); writes are queued and go out with the COMMIT, so on
 * MySQL everything after the reads is one round trip. Rows come back as TypeORM would hydrate
 * them, and values are stored as TypeORM would store them: the entities stay the schema.
 */
export interface BatchedTransaction {
  find<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    where: Where<Entity>,
    options?: { select?: (keyof Entity & string)[]; lock?: boolean | 'share' },
  ): Promise<Entity[]>;
  insert<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    rows: Values<Entity>[],
  ): Insertion;
  update<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    where: Where<Entity>,
    values: Values<Entity>,
  ): void;
  /**
   * Queues a statement of its own: SQL both databases take, with `?` for each parameter. Not for
   * an INSERT that makes keys: LAST_INSERT_ID follows only `insert`.
   */
  queue(sql: string, params: unknown[]): void;
  /**
   * Sends the queued writes and the COMMIT; a write that fails rolls everything back. It is the
   * transaction's last step: nothing can be queued after it, and if it failed, the transaction
   * fails even when the caller goes on.
   */
  commit(): Promise<void>;
}

/** Where the SQL of the two databases differs, as far as the statements go. */
export interface StatementDialect {
  /** Ends a SELECT that locks the rows it reads until the transaction ends. */
  readonly rowLock: string;
  /**
   * Ends a SELECT that holds the rows it reads until the transaction ends, for others to read
   * and to hold alike but not to change or remove (a row a new row refers to).
   */
  readonly shareLock: string;
  /**
   * The key of the last row inserted: SQL when the database can say it inside the batch, or
   * LAST_INSERT_ID when the driver must put in the key it read back. `rows` is the count of the
   * insertion it follows.
   */
  lastInsertId(rows: number): string | typeof LAST_INSERT_ID;
}

export interface Statement {
  sql: string;
  params: unknown[];
  /** Set on an INSERT into a table whose key is an auto-increment. */
  insertion?: PendingInsertion;
}

export class PendingInsertion implements Insertion {
  private id?: string;

  constructor(readonly rows: number) {}

  get lastId(): string {
    if (this.id === undefined) throw new Error('the insertion is not committed yet');
    return this.id;
  }

  settle(lastId: string): void {
    this.id = lastId;
  }
}

/**
 * The statement builder both drivers share: SQL both databases understand, built from the
 * entities' metadata. A driver runs the reads and sends the queued statements.
 */
export abstract class QueuingTransaction implements BatchedTransaction {
  protected queued: Statement[] = [];
  private committing?: Promise<unknown>;

  constructor(
    protected readonly dataSource: DataSource,
    private readonly dialect: StatementDialect,
  ) {}

  async find<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    where: Where<Entity>,
    options: { select?: (keyof Entity & string)[]; lock?: boolean | 'share' } = {},
  ): Promise<Entity[]> {
    const table = this.tableOf(entity);
    const columns = options.select
      ? options.select.map((property) => table.column(property))
      : table.metadata.columns;
    const condition = this.condition(table, where);
    const sql =
      `SELECT ${columns.map((column) => this.name(column.databaseName)).join(', ')} ` +
      `FROM ${this.name(table.metadata.tableName)} WHERE ${condition.sql}` +
      (options.lock === 'share'
        ? this.dialect.shareLock
        : options.lock
          ? this.dialect.rowLock
          : '');
    const rows = await this.read(sql, condition.params);
    const driver = this.dataSource.driver;
    return rows.map((row) => {
      const entityRow: Record<string, unknown> = {};
      for (const column of columns) {
        entityRow[column.propertyName] = driver.prepareHydratedValue(
          row[column.databaseName],
          column,
        );
      }
      return entityRow as Entity;
    });
  }

  insert<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    rows: Values<Entity>[],
  ): Insertion {
    const table = this.tableOf(entity);
    if (rows.length === 0) throw new Error(`an INSERT into ${table.metadata.name} without rows`);
    const properties = Object.keys(rows[0]!);
    if (rows.some((row) => Object.keys(row).join() !== properties.join()))
      throw new Error(`the rows of an INSERT into ${table.metadata.name} differ in their columns`);
    const columns = properties.map((property) => table.column(property));
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const values = columns.map((column) =>
        this.value((row as Record<string, unknown>)[column.propertyName], column, params),
      );
      return `(${values.join(', ')})`;
    });
    const insertion = new PendingInsertion(rows.length);
    this.enqueue({
      sql:
        `INSERT INTO ${this.name(table.metadata.tableName)} ` +
        `(${columns.map((column) => this.name(column.databaseName)).join(', ')}) VALUES ${tuples.join(', ')}`,
      params,
      insertion: table.metadata.columns.some((column) => column.generationStrategy === 'increment')
        ? insertion
        : undefined,
    });
    return insertion;
  }

  update<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    where: Where<Entity>,
    values: Values<Entity>,
  ): void {
    const table = this.tableOf(entity);
    const params: unknown[] = [];
    const assignments = Object.keys(values).map((property) => {
      const column = table.column(property);
      const value = (values as Record<string, unknown>)[property];
      return `${this.name(column.databaseName)} = ${this.value(value, column, params)}`;
    });
    const condition = this.condition(table, where);
    this.enqueue({
      sql: `UPDATE ${this.name(table.metadata.tableName)} SET ${assignments.join(', ')} WHERE ${condition.sql}`,
      params: [...params, ...condition.params],
    });
  }

  queue(sql: string, params: unknown[]): void {
    this.enqueue({ sql, params });
  }

  /** Runs `work` in this transaction and commits what it queued if it did not commit itself. */
  async run<T>(work: (transaction: BatchedTransaction) => Promise<T>): Promise<T> {
    const result = await work(this);
    await this.commit();
    return result;
  }

  async commit(): Promise<void> {
    // A second call answers as the first did, a failure included.
    this.committing ??= this.send(this.queued);
    await this.committing;
  }

  private enqueue(statement: Statement): void {
    if (this.committing) throw new Error('a write queued after the commit');
    this.queued.push(statement);
  }

  /** Runs a read inside the transaction; rows keyed by column name. */
  protected abstract read(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs the statements and the COMMIT, settling each insertion. */
  protected abstract send(statements: Statement[]): Promise<unknown>;

  private name(identifier: string): string {
    return this.dataSource.driver.escape(identifier);
  }

  private value(value: unknown, column: ColumnMetadata, params: unknown[]): string {
    if (value === LAST_INSERT_ID) {
      const last = [...this.queued].reverse().find((statement) => statement.insertion);
      if (!last?.insertion) throw new Error('LAST_INSERT_ID before any insertion');
      const expression = this.dialect.lastInsertId(last.insertion.rows);
      if (typeof expression === 'string') return expression;
      params.push(expression);
      return '?';
    }
    params.push(this.dataSource.driver.preparePersistentValue(value, column));
    return '?';
  }

  private condition<Entity>(
    table: Table,
    where: Where<Entity>,
  ): { sql: string; params: unknown[] } {
    const params: unknown[] = [];
    if (Object.keys(where).length === 0) throw new Error('a statement without a condition');
    const terms = Object.entries(where).map(([property, value]) => {
      const column = table.column(property);
      const name = this.name(column.databaseName);
      if (!Array.isArray(value)) {
        params.push(this.dataSource.driver.preparePersistentValue(value, column));
        return `${name} = ?`;
      }
      if (value.length === 0) return '1 = 0';
      for (const item of value)
        params.push(this.dataSource.driver.preparePersistentValue(item, column));
      return `${name} IN (${value.map(() => '?').join(', ')})`;
    });
    return { sql: terms.join(' AND '), params };
  }

  private tableOf(entity: EntityTarget<ObjectLiteral>): Table {
    return tableOf(this.dataSource, entity);
  }
}

/** An entity's table: its metadata, and its columns by property name. */
export class Table {
  private readonly byProperty: Map<string, ColumnMetadata>;

  constructor(readonly metadata: EntityMetadata) {
    this.byProperty = new Map(metadata.columns.map((column) => [column.propertyName, column]));
  }

  column(property: string): ColumnMetadata {
    const column = this.byProperty.get(property);
    if (!column) throw new Error(`${this.metadata.name} has no column ${property}`);
    return column;
  }
}

const tables = new WeakMap<EntityMetadata, Table>();

export function tableOf(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): Table {
  const metadata = dataSource.getMetadata(entity);
  let table = tables.get(metadata);
  if (!table) {
    table = new Table(metadata);
    tables.set(metadata, table);
  }
  return table;
}
