import type { DataSource } from 'typeorm';
import { isDeadlock } from '../db-errors.js';
import {
  QueuingTransaction,
  type BatchedTransaction,
  type Statement,
  type StatementDialect,
} from './queued-statements.js';

const MAX_ATTEMPTS = 3;

/**
 * Runs `work` in a BatchedTransaction on MySQL, READ COMMITTED, and commits what it queued if it
 * did not commit itself. A deadlock victim is retried from the start, since InnoDB rolled the
 * whole transaction back. An update costs two round trips (the locking read, then the writes
 * with the COMMIT) where TypeORM's transaction costs five.
 */
export function inMysqlTransaction<T>(
  dataSource: DataSource,
  dialect: StatementDialect,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  return retryingDeadlocks(async () => {
    const connection = (await dataSource.driver.obtainMasterConnection()) as MysqlConnection;
    const transaction = new MysqlTransaction(dataSource, dialect, connection);
    try {
      return await transaction.run(work);
    } catch (error) {
      await transaction.rollback();
      throw error;
    } finally {
      transaction.release();
    }
  });
}

/** Runs `transaction` again when InnoDB chose it as a deadlock victim and rolled it back. */
async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

/** Connections whose session is READ COMMITTED already. */
const readCommittedSessions = new WeakSet<object>();

/**
 * What to send first on `connection` so its session is READ COMMITTED: nothing once it is. The
 * isolation level is set once per connection, for its session, not before every transaction.
 */
function sessionSetup(connection: object): string[] {
  if (readCommittedSessions.has(connection)) return [];
  readCommittedSessions.add(connection);
  return ['SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED'];
}

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

/** The MySQL driver: everything after the reads, COMMIT included, is one multi-statement query. */
class MysqlTransaction extends QueuingTransaction {
  private started = false;
  private broken = false;

  constructor(
    dataSource: DataSource,
    dialect: StatementDialect,
    private readonly connection: MysqlConnection,
  ) {
    super(dataSource, dialect);
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
      // The setup may not have taken effect: send it again next time.
      if (prefix.length > 1) readCommittedSessions.delete(this.connection);
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
