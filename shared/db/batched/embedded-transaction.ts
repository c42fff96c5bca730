import type { DataSource, EntityManager } from 'typeorm';
import {
  LAST_INSERT_ID,
  QueuingTransaction,
  type BatchedTransaction,
  type Statement,
  type StatementDialect,
} from './queued-statements.js';

/**
 * Runs `work` in a BatchedTransaction on the embedded database, in TypeORM's transaction, and
 * commits what it queued if it did not commit itself. The caller runs it exclusively: there a
 * transaction has the database to itself, so it is serializable and never deadlocks.
 */
export function inEmbeddedTransaction<T>(
  dataSource: DataSource,
  dialect: StatementDialect,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  return dataSource.transaction((manager) =>
    new EmbeddedTransaction(dataSource, dialect, manager).run(work),
  );
}

/**
 * The embedded driver: the statements one by one in TypeORM's transaction, so LAST_INSERT_ID is
 * the key just read back rather than SQL.
 */
class EmbeddedTransaction extends QueuingTransaction {
  private lastId?: string;

  constructor(
    dataSource: DataSource,
    dialect: StatementDialect,
    private readonly manager: EntityManager,
  ) {
    super(dataSource, dialect);
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
}
