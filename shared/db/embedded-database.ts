import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import type { SqljsDriver } from 'typeorm/driver/sqljs/SqljsDriver.js';
import { SqljsQueryRunner } from 'typeorm/driver/sqljs/SqljsQueryRunner.js';
import { Gate, Saves } from './embedded-saves.js';
import { entities } from './entities/index.js';
import { FileLock } from './file-lock.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

/**
 * The embedded database of the single-process mode: SQLite compiled to WebAssembly (sql.js), so
 * it needs nothing but Node, kept in memory and written whole to `file`.
 *
 * sql.js has one connection, so the database runs one transaction at a time: a transaction holds
 * the connection until it ends, and a query from outside it waits, rather than running inside
 * someone else's transaction (and being rolled back with it).
 *
 * A transaction is answered only once the file holds it: its commit waits for a save that began
 * after it. Saves are grouped: what commits while one is being written goes out together in the
 * next. A write outside a transaction starts a save without waiting for it. Each save writes a
 * temporary file, syncs it and renames it over the old one, so a crash leaves the last save
 * whole. A lock file keeps a second process off the same database.
 */
export class EmbeddedDatabase extends DataSource {
  private readonly lock: FileLock;
  private runner?: SharedQueryRunner;

  constructor(private readonly file: string) {
    super({
      type: 'sqljs',
      location: file,
      // Saving is ours (Saves): TypeORM would export the whole database at every commit.
      autoSave: false,
      entities,
      migrations: sqliteMigrations,
      migrationsTableName: 'schema_migrations',
      migrationsTransactionMode: 'each',
      logging: false,
    });
    this.lock = new FileLock(`${file}.lock`);
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
    // sql.js's driver hands every caller its one query runner: this one is made to be shared.
    const driver = this.driver as SqljsDriver;
    this.runner = new SharedQueryRunner(driver, this.file);
    driver.queryRunner = this.runner;
    return this;
  }

  override async destroy(): Promise<void> {
    await this.untilSaved();
    await super.destroy();
    this.lock.release();
  }

  /**
   * Runs `work` holding the database's only connection, so nothing else reaches it until `work`
   * has ended, then waits until the file holds what `work` committed.
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.shared();
    // Its save would wait for the connection this caller holds.
    if (runner.gate.held)
      throw new Error('a transaction of the embedded database cannot open another');
    const result = await runner.gate.run(work);
    await runner.saves.save();
    return result;
  }

  /** Resolves once the file holds everything committed so far. */
  untilSaved(): Promise<void> {
    return this.runner?.saves.save() ?? Promise.resolve();
  }

  private shared(): SharedQueryRunner {
    if (!this.runner) throw new Error('the embedded database is not initialized');
    return this.runner;
  }
}

/**
 * The embedded database as its file holds it now, for reading only: it takes no lock, so it
 * reads while the service has the database open (each save replaces the file whole), and it
 * writes nothing back.
 */
export class EmbeddedSnapshot extends DataSource {
  constructor(private readonly file: string) {
    super({ type: 'sqljs', location: file, autoSave: false, entities, logging: false });
  }

  override async initialize(): Promise<this> {
    // sql.js would start an empty database in memory.
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
 * sql.js's one query runner, made safe to share: each query waits for the connection, a write
 * outside a transaction starts a save, and parameters are given as SQLite stores them (sql.js
 * binds only strings, numbers, bytes and null).
 */
class SharedQueryRunner extends SqljsQueryRunner {
  readonly gate = new Gate();
  readonly saves: Saves;

  constructor(driver: SqljsDriver, file: string) {
    super(driver);
    // A transaction still open (a migration's) is saved by its COMMIT.
    this.saves = new Saves(file, this.gate, () =>
      this.isTransactionActive ? undefined : driver.export(),
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- SqljsQueryRunner's own signature
  override async query(sql: string, parameters?: unknown[], structured?: boolean): Promise<any> {
    const inTransaction = this.gate.held;
    let changed = false;
    const result = await this.gate.run(async () => {
      const rows = await super.query(sql, parameters?.map(toSqliteValue), structured);
      // Reads change nothing, nor do writes that matched no row (the worker's idle rounds);
      // anything else (DDL, COMMIT) may.
      changed =
        !/^\s*SELECT\b/i.test(sql) &&
        (!/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) ||
          this.driver.databaseConnection.getRowsModified() > 0);
      if (changed) this.saves.changed();
      return rows;
    });
    if (!inTransaction && changed) this.saves.soon();
    return result;
  }
}

/** Times as TypeORM writes them to SQLite: UTC, `YYYY-MM-DD HH:MM:SS.SSS`, which sorts as time. */
function toSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}
