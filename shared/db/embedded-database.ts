import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Sqlite from 'better-sqlite3';
import { DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver.js';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner.js';
import { Gate, LogSync } from './embedded-commits.js';
import { entities } from './entities/index.js';
import { FileLock } from './file-lock.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

/**
 * The embedded database of the single-process mode: SQLite in `file`, through better-sqlite3, in
 * WAL mode. A commit appends the pages it changed to the write-ahead log, and checkpoints copy
 * them into the file now and then, so a commit costs what it wrote, whatever the size of the
 * database. better-sqlite3's calls are synchronous: each statement takes the event loop.
 *
 * `synchronous = NORMAL`, and a transaction is answered once a sync of the log that began after
 * its COMMIT is done (LogSync, group commit on the thread pool): it survives a power loss, as
 * with FULL, without FULL's sync in every COMMIT, which would take the event loop for each one,
 * the worker's every write included. Measured on 2 cores, FULL took 616 single imports a second
 * to this 772, and 75 s to this 55 for 100,000 users in batches (docs/benchmarks.md). The
 * worker's writes outside a transaction are not waited for: a crash of the process loses none,
 * and a power loss takes the log's last commits whole, which a restart redoes from the cursors.
 *
 * The driver has one connection and hands every caller the same query runner, so the database
 * runs one transaction at a time: a transaction holds the connection until it ends, and a query
 * from outside it waits, rather than running inside someone else's transaction (and being
 * rolled back with it). A lock file keeps a second process off the same database.
 */
export class EmbeddedDatabase extends DataSource {
  private readonly lock: FileLock;
  private runner?: SharedQueryRunner;
  private readonly log: LogSync;

  constructor(private readonly file: string) {
    super({
      type: 'better-sqlite3',
      database: file,
      prepareDatabase: (database: Sqlite.Database) => {
        if (database.pragma('journal_mode = WAL', { simple: true }) !== 'wal')
          throw new Error(`the embedded database ${file} cannot keep a write-ahead log here`);
        database.pragma('synchronous = NORMAL');
        // SQLite's LOWER knows ASCII only; searches ignoring case compare Unicode lower case.
        database.function('lower', { deterministic: true }, (text: unknown) =>
          typeof text === 'string' ? text.toLowerCase() : text,
        );
      },
      // Only a reader of another process (createEmbeddedSnapshot) can hold a lock, and briefly.
      timeout: 5000,
      entities,
      migrations: sqliteMigrations,
      migrationsTableName: 'schema_migrations',
      migrationsTransactionMode: 'each',
      logging: false,
    });
    this.lock = new FileLock(`${file}.lock`);
    this.log = new LogSync(`${file}-wal`);
  }

  override async initialize(): Promise<this> {
    mkdirSync(dirname(this.file), { recursive: true });
    this.lock.acquire(this.file);
    try {
      await super.initialize();
    } catch (error) {
      this.lock.release();
      throw error;
    }
    const driver = this.driver as BetterSqlite3Driver;
    this.runner = new SharedQueryRunner(driver);
    driver.queryRunner = this.runner;
    return this;
  }

  override async destroy(): Promise<void> {
    // After the transaction under way, if any.
    await (this.runner?.gate.run(() => super.destroy()) ?? super.destroy());
    this.lock.release();
  }

  /**
   * Runs `work` holding the database's only connection, so nothing else reaches it until `work`
   * has ended, then waits until the disk holds what `work` committed.
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    if (!this.runner) throw new Error('the embedded database is not initialized');
    // It would be answered while the transaction holding the connection could still roll back.
    if (this.runner.gate.held)
      throw new Error('a transaction of the embedded database cannot open another');
    const result = await this.runner.gate.run(work);
    await this.untilSaved();
    return result;
  }

  /** Resolves once the disk holds everything committed so far. */
  untilSaved(): Promise<void> {
    return this.runner ? this.log.sync() : Promise.resolve();
  }
}

/**
 * The embedded database as it is now, for reading only: it takes no lock, so it reads while the
 * service has the database open (the log gives a reader the last commit whole), and it writes no
 * data (SQLite may make the log's index file beside it).
 */
export class EmbeddedSnapshot extends DataSource {
  constructor(private readonly file: string) {
    super({ type: 'better-sqlite3', database: file, readonly: true, entities, logging: false });
  }

  override async initialize(): Promise<this> {
    if (!existsSync(this.file))
      throw new Error(
        `no embedded database at ${this.file} yet: start the service once (npm start)`,
      );
    return super.initialize();
  }
}

export function createEmbeddedDataSource(file: string): EmbeddedDatabase {
  return new EmbeddedDatabase(file);
}

export function createEmbeddedSnapshot(file: string): EmbeddedSnapshot {
  return new EmbeddedSnapshot(file);
}

/**
 * The driver's one query runner, made safe to share: each query waits for the connection, and
 * parameters are given as SQLite stores them (better-sqlite3 binds only numbers, strings,
 * bigints, bytes and null).
 */
class SharedQueryRunner extends BetterSqlite3QueryRunner {
  readonly gate = new Gate();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the query runner's own signature
  override query(sql: string, parameters?: unknown[], structured?: boolean): Promise<any> {
    return this.gate.run(() => super.query(sql, parameters?.map(toSqliteValue), structured));
  }
}

/**
 * Times as TypeORM writes them to SQLite: UTC, `YYYY-MM-DD HH:MM:SS.SSS`, which sorts as time.
 * Booleans as 1 and 0, and an absent value as NULL, as TypeORM's other drivers take them.
 */
function toSqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
