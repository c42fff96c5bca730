import type { DataSource } from 'typeorm';
import { inEmbeddedTransaction } from './batched/embedded-transaction.js';
import { inMysqlTransaction } from './batched/mysql-transaction.js';
import {
  LAST_INSERT_ID,
  type BatchedTransaction,
  type StatementDialect,
} from './batched/queued-statements.js';
import { EmbeddedDatabase } from './embedded-database.js';

/** How a text is compared with another: the whole of it, or a part. */
export type TextMatch = 'equals' | 'startsWith' | 'contains' | 'endsWith';

/** A LIKE pattern that matches `value` exactly, with `!` as the escape. */
function likeLiteral(value: string): string {
  return value.replace(/[!%_]/g, (character) => `!${character}`);
}

/** A statement and its parameters, `?` for each. */
export interface Write {
  sql: string;
  params: unknown[];
}

/**
 * Everything MySQL and the embedded SQLite do differently, in one place: callers ask the dialect
 * of their data source rather than which database it is.
 */
export interface Dialect extends StatementDialect {
  /** Runs `work` in a BatchedTransaction and commits what it queued if it did not commit itself. */
  transaction<T>(work: (transaction: BatchedTransaction) => Promise<T>): Promise<T>;
  /**
   * Runs writes that are each idempotent, in their order: on MySQL one transaction sent with its
   * COMMIT in one round trip (a chunk that fails is simply run again); on the embedded database
   * one by one outside a transaction, as the worker's other writes there, so none waits for a
   * sync of the log (a restart performs again from the cursors what a power loss took).
   */
  runIdempotent(writes: Write[]): Promise<void>;
  /**
   * Ends an INSERT so that a row whose key `id` is there already is passed over. Not INSERT
   * IGNORE, which would also pass over a bad value: only the row being there is fine.
   */
  readonly keepExisting: string;
  /**
   * Ends an INSERT so that a row whose key `key` is there already is updated instead, by the
   * assignments that follow. In them a column names the row's value before this update, as long
   * as no earlier assignment of the statement set it.
   */
  onKeyUpdate(key: string): string;
  /** The SQL of the JSON array in `column` with `element` (an SQL expression) appended. */
  jsonArrayAppend(column: string, element: string): string;
  /**
   * The JSON array of objects in `column` without those whose `configId` and `externalUserId`
   * are the two parameters the expression takes (an identity provider link), in their order.
   */
  jsonArrayWithoutLink(column: string): string;
  /**
   * A table of the texts in the JSON array in `column`, one row each, as `element.value`
   * (compared as stored: case counts), for a condition on some element (EXISTS).
   */
  jsonTexts(column: string): string;
  /**
   * A condition that `column` (an SQL expression) equals, starts with, contains or ends with
   * `value`, exactly: case and trailing spaces count, and `%` or `_` in it are themselves.
   */
  textMatch(column: string, how: TextMatch, value: string): Write;
  /**
   * What follows a table's name in a SELECT to make it read through `index`: MySQL's optimizer
   * takes the organization's rows in order rather than a range that starts at a cursor when
   * the range is long; SQLite's planner needs no telling.
   */
  forceIndex(index: string): string;
  /**
   * What follows a table's name in a SELECT to have the planner weigh only `indexes`: MySQL's
   * optimizer otherwise estimates a range in every index of the table on each call (a dive into
   * each), which over the user read model's nine cost a prefix search's page as much as reading
   * it; SQLite's planner needs no telling.
   */
  useIndexes(indexes: readonly string[]): string;
  /**
   * Runs `work` alone, then waits until what it committed is durable: on the embedded database it
   * holds the only connection and waits for a sync of the log; on MySQL, where each transaction
   * has a connection and a commit is durable when it returns, it just runs `work`.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Resolves once everything committed so far is durable. Whatever leaves the process about a
   * commit (the relay's publishing) waits for this first, so nothing outside hears of a write a
   * crash could still undo.
   */
  untilSaved(): Promise<void>;
}

class MysqlDialect implements Dialect {
  readonly rowLock = ' FOR UPDATE';
  readonly shareLock = ' LOCK IN SHARE MODE';
  readonly keepExisting = 'ON DUPLICATE KEY UPDATE id = id';

  constructor(private readonly dataSource: DataSource) {}

  onKeyUpdate(): string {
    return 'ON DUPLICATE KEY UPDATE';
  }

  lastInsertId(rows: number): string {
    // InnoDB gives one multi-row INSERT consecutive keys and reports the first.
    return rows === 1 ? 'LAST_INSERT_ID()' : `LAST_INSERT_ID() + ${rows - 1}`;
  }

  transaction<T>(work: (transaction: BatchedTransaction) => Promise<T>): Promise<T> {
    return inMysqlTransaction(this.dataSource, this, work);
  }

  async runIdempotent(writes: Write[]): Promise<void> {
    if (writes.length === 0) return;
    await this.transaction(async (transaction) => {
      for (const write of writes) transaction.queue(write.sql, write.params);
    });
  }

  jsonArrayAppend(column: string, element: string): string {
    return `JSON_ARRAY_APPEND(${column}, '$', ${element})`;
  }

  jsonArrayWithoutLink(column: string): string {
    return `COALESCE((SELECT JSON_ARRAYAGG(JSON_EXTRACT(element.value, '$'))
      FROM JSON_TABLE(${column}, '$[*]' COLUMNS (value JSON PATH '$',
        config_id VARCHAR(36) PATH '$.configId', external_user_id VARCHAR(200) PATH '$.externalUserId'))
        AS element
      WHERE NOT (element.config_id = ? AND element.external_user_id = ?)), JSON_ARRAY())`;
  }

  jsonTexts(column: string): string {
    const text = 'VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
    return `JSON_TABLE(${column}, '$[*]' COLUMNS (value ${text} PATH '$')) AS element`;
  }

  forceIndex(index: string): string {
    return `FORCE INDEX (${index})`;
  }

  useIndexes(indexes: readonly string[]): string {
    return `USE INDEX (${indexes.join(', ')})`;
  }

  /** LIKE, which pads nothing (where `=` ignores trailing spaces) and uses an index for a prefix. */
  textMatch(column: string, how: TextMatch, value: string): Write {
    const literal = likeLiteral(value);
    const pattern = {
      equals: literal,
      startsWith: `${literal}%`,
      contains: `%${literal}%`,
      endsWith: `%${literal}`,
    }[how];
    return { sql: `${column} LIKE ? ESCAPE '!'`, params: [pattern] };
  }

  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  untilSaved(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The embedded SQLite: a transaction has the database to itself, so it takes no row locks, and
 * the key of an insert is read back. A read-only snapshot has nothing to save.
 */
class SqliteDialect implements Dialect {
  readonly rowLock = '';
  readonly shareLock = '';
  readonly keepExisting = 'ON CONFLICT (id) DO NOTHING';

  constructor(
    private readonly dataSource: DataSource,
    private readonly database?: EmbeddedDatabase,
  ) {}

  onKeyUpdate(key: string): string {
    return `ON CONFLICT (${key}) DO UPDATE SET`;
  }

  lastInsertId(): typeof LAST_INSERT_ID {
    return LAST_INSERT_ID;
  }

  transaction<T>(work: (transaction: BatchedTransaction) => Promise<T>): Promise<T> {
    return this.exclusively(() => inEmbeddedTransaction(this.dataSource, this, work));
  }

  async runIdempotent(writes: Write[]): Promise<void> {
    for (const write of writes) await this.dataSource.query(write.sql, write.params);
  }

  jsonArrayAppend(column: string, element: string): string {
    return `json_insert(${column}, '$[#]', ${element})`;
  }

  jsonArrayWithoutLink(column: string): string {
    return `(SELECT json_group_array(json(element.value)) FROM json_each(${column}) AS element
      WHERE NOT (json_extract(element.value, '$.configId') = ?
        AND json_extract(element.value, '$.externalUserId') = ?))`;
  }

  jsonTexts(column: string): string {
    return `json_each(${column}) AS element`;
  }

  forceIndex(): string {
    return '';
  }

  useIndexes(): string {
    return '';
  }

  /** SQLite's LIKE ignores the case of ASCII letters, so parts are compared as text. */
  textMatch(column: string, how: TextMatch, value: string): Write {
    const length = [...value].length;
    switch (how) {
      case 'equals':
        return { sql: `${column} = ?`, params: [value] };
      case 'startsWith':
        return { sql: `substr(${column}, 1, ?) = ?`, params: [length, value] };
      case 'contains':
        return { sql: `instr(${column}, ?) > 0`, params: [value] };
      case 'endsWith':
        return length === 0
          ? { sql: '1 = 1', params: [] }
          : { sql: `substr(${column}, ?) = ?`, params: [-length, value] };
    }
  }

  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return this.database ? this.database.exclusively(work) : work();
  }

  untilSaved(): Promise<void> {
    return this.database?.untilSaved() ?? Promise.resolve();
  }
}

const dialects = new WeakMap<DataSource, Dialect>();

/** The dialect of `dataSource`, chosen once from its type. */
export function dialectOf(dataSource: DataSource): Dialect {
  let dialect = dialects.get(dataSource);
  if (!dialect) {
    dialect =
      dataSource.options.type === 'better-sqlite3'
        ? new SqliteDialect(
            dataSource,
            dataSource instanceof EmbeddedDatabase ? dataSource : undefined,
          )
        : new MysqlDialect(dataSource);
    dialects.set(dataSource, dialect);
  }
  return dialect;
}
