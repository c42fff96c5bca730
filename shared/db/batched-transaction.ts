import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';
import { forgetSession, retryingDeadlocks, sessionSetup } from './data-source.js';
import { exclusively, isEmbedded } from './embedded-database.js';

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
    options?: { select?: (keyof Entity & string)[]; lock?: boolean },
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

/**
 * Runs `work` in a BatchedTransaction and commits what it queued if it did not commit itself. On
 * MySQL it is READ COMMITTED, a deadlock victim is retried from the start, and an Update costs two
 * round trips (the locking read, then the writes with the COMMIT) where TypeORM's transaction
 * costs five. On the embedded database it runs alone, as every transaction there does.
 */
export function inBatchedTransaction<T>(
  dataSource: DataSource,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  if (isEmbedded(dataSource)) {
    return exclusively(dataSource, () =>
      dataSource.transaction((manager) =>
        runWork(new EmbeddedTransaction(dataSource, manager), work),
      ),
    );
  }
  return retryingDeadlocks(async () => {
    const connection = (await dataSource.driver.obtainMasterConnection()) as MysqlConnection;
    const transaction = new MysqlTransaction(dataSource, connection);
    try {
      return await runWork(transaction, work);
    } catch (error) {
      await transaction.rollback();
      throw error;
    } finally {
      transaction.release();
    }
  });
}

async function runWork<T>(
  transaction: QueuingTransaction,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  const result = await work(transaction);
  await transaction.commit();
  return result;
}

interface Statement {
  sql: string;
  params: unknown[];
  /** Set on an INSERT into a table whose key is an auto-increment. */
  insertion?: PendingInsertion;
}

class PendingInsertion implements Insertion {
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

/** The SQL both databases understand, built from the entities' metadata. */
abstract class QueuingTransaction implements BatchedTransaction {
  protected queued: Statement[] = [];
  private committing?: Promise<unknown>;

  constructor(protected readonly dataSource: DataSource) {}

  async find<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    where: Where<Entity>,
    options: { select?: (keyof Entity & string)[]; lock?: boolean } = {},
  ): Promise<Entity[]> {
    const table = this.tableOf(entity);
    const columns = options.select
      ? options.select.map((property) => table.column(property))
      : table.metadata.columns;
    const condition = this.condition(table, where);
    const sql =
      `SELECT ${columns.map((column) => this.name(column.databaseName)).join(', ')} ` +
      `FROM ${this.name(table.metadata.tableName)} WHERE ${condition.sql}` +
      (options.lock ? this.lockClause() : '');
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
  /** What LAST_INSERT_ID becomes in the SQL; `rows` is the count of the insertion it follows. */
  protected abstract lastInsertId(rows: number): unknown;
  protected abstract lockClause(): string;

  private name(identifier: string): string {
    return this.dataSource.driver.escape(identifier);
  }

  private value(value: unknown, column: ColumnMetadata, params: unknown[]): string {
    if (value === LAST_INSERT_ID) {
      const last = [...this.queued].reverse().find((statement) => statement.insertion);
      if (!last?.insertion) throw new Error('LAST_INSERT_ID before any insertion');
      const expression = this.lastInsertId(last.insertion.rows);
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
    const metadata = this.dataSource.getMetadata(entity);
    let table = tables.get(metadata);
    if (!table) {
      table = new Table(metadata);
      tables.set(metadata, table);
    }
    return table;
  }
}

class Table {
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

/** The callback connection mysql2's pool lends TypeORM. */
interface MysqlConnection {
  query(
    sql: string,
    params: unknown[],
    callback: (error: Error | null, results: unknown) => void,
  ): void;
  release(): void;
  destroy(): void;
}

interface ResultHeader {
  insertId: number | string;
}

class MysqlTransaction extends QueuingTransaction {
  private started = false;
  private broken = false;

  constructor(
    dataSource: DataSource,
    private readonly connection: MysqlConnection,
  ) {
    super(dataSource);
  }

  protected async read(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    const results = await this.send([{ sql, params }], false);
    return results as Record<string, unknown>[];
  }

  /**
   * One multi-statement query: the session's setup on a new connection, START TRANSACTION
   * before the first statement, the statements, and COMMIT when `commit`. Returns the last
   * statement's result.
   */
  protected async send(statements: Statement[], commit = true): Promise<unknown> {
    if (!this.started && statements.length === 0) return undefined;
    const prefix = [
      ...sessionSetup(this.connection),
      ...(this.started ? [] : ['START TRANSACTION']),
    ];
    this.started = true;
    const sql = [
      ...prefix,
      ...statements.map((statement) => statement.sql),
      ...(commit ? ['COMMIT'] : []),
    ];
    let results: unknown;
    try {
      results = await this.query(
        sql.join('; '),
        statements.flatMap((statement) => statement.params),
      );
    } catch (error) {
      if (prefix.length > 1) forgetSession(this.connection);
      throw error;
    }
    const all = sql.length === 1 ? [results] : (results as unknown[]);
    statements.forEach((statement, index) => {
      const insertion = statement.insertion;
      if (!insertion) return;
      // InnoDB gives one multi-row INSERT consecutive keys and reports the first.
      const first = BigInt((all[prefix.length + index] as ResultHeader).insertId);
      insertion.settle((first + BigInt(insertion.rows - 1)).toString());
    });
    return all[prefix.length + statements.length - 1];
  }

  protected lastInsertId(rows: number): string {
    return rows === 1 ? 'LAST_INSERT_ID()' : `LAST_INSERT_ID() + ${rows - 1}`;
  }

  protected lockClause(): string {
    return ' FOR UPDATE';
  }

  async rollback(): Promise<void> {
    if (!this.started) return;
    await this.query('ROLLBACK', []).catch(() => (this.broken = true));
  }

  release(): void {
    // A connection whose transaction could not be ended is not lent again.
    if (this.broken) this.connection.destroy();
    else this.connection.release();
  }

  private query(sql: string, params: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.connection.query(sql, params, (error, results) =>
        error ? reject(error) : resolve(results),
      ),
    );
  }
}

/**
 * The embedded database: the statements one by one in TypeORM's transaction, which the caller
 * holds alone, so LAST_INSERT_ID is the key just read back rather than SQL.
 */
class EmbeddedTransaction extends QueuingTransaction {
  private lastId?: string;

  constructor(
    dataSource: DataSource,
    private readonly manager: EntityManager,
  ) {
    super(dataSource);
  }

  protected read(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return this.manager.query(sql, params);
  }

  protected async send(statements: Statement[]): Promise<void> {
    for (const statement of statements) {
      const params = statement.params.map((param) =>
        param === LAST_INSERT_ID ? this.lastId : param,
      );
      await this.manager.query(statement.sql, params);
      if (statement.insertion) {
        const [row] = (await this.manager.query('SELECT last_insert_rowid() AS id')) as {
          id: number;
        }[];
        this.lastId = String(row!.id);
        statement.insertion.settle(this.lastId);
      }
    }
  }

  protected lastInsertId(): unknown {
    return LAST_INSERT_ID;
  }

  protected lockClause(): string {
    return '';
  }
}
