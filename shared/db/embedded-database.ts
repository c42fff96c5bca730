import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { entities } from './entities/index.js';
import { FileLock } from './file-lock.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

/**
 * The embedded database of the single-process mode: SQLite compiled to WebAssembly (sql.js), so
 * it needs nothing but Node, kept in memory and written whole to `file`.
 *
 * sql.js has one connection, so the data source runs one transaction at a time: a transaction
 * holds the connection until it ends, and a query from outside it waits, rather than running
 * inside someone else's transaction (and being rolled back with it).
 *
 * A transaction is answered only once the file holds it: its commit waits for a save that began
 * after it. Saves are grouped: what commits while one is being written goes out together in the
 * next. A write outside a transaction starts a save without waiting for it. Each save writes a
 * temporary file, syncs it and renames it over the old one, so a crash leaves the last save
 * whole. A lock file keeps a second process off the same database.
 */
export function createEmbeddedDataSource(file: string): DataSource {
  const dataSource = new DataSource({
    type: 'sqljs',
    location: file,
    // Saving is ours (Saves below): TypeORM would export the whole database at every commit.
    autoSave: false,
    entities,
    migrations: sqliteMigrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    logging: false,
  });
  const initialize = dataSource.initialize.bind(dataSource);
  const destroy = dataSource.destroy.bind(dataSource);
  const lock = new FileLock(`${file}.lock`);
  dataSource.initialize = async () => {
    mkdirSync(dirname(file), { recursive: true });
    lock.acquire(file);
    try {
      await initialize();
    } catch (error) {
      lock.release();
      throw error;
    }
    share(dataSource, file);
    return dataSource;
  };
  dataSource.destroy = async () => {
    await untilSaved(dataSource);
    await destroy();
    lock.release();
  };
  return dataSource;
}

/**
 * The embedded database as its file holds it now, for reading only: it takes no lock, so it
 * reads while the service has the database open (each save replaces the file whole), and it
 * writes nothing back.
 */
export function createEmbeddedSnapshot(file: string): DataSource {
  const dataSource = new DataSource({
    type: 'sqljs',
    location: file,
    autoSave: false,
    entities,
    logging: false,
  });
  const initialize = dataSource.initialize.bind(dataSource);
  dataSource.initialize = () => {
    // sql.js would start an empty database in memory.
    if (!existsSync(file))
      throw new Error(`no embedded database at ${file} yet: start the service once (npm start)`);
    return initialize();
  };
  return dataSource;
}

export function isEmbedded(dataSource: DataSource): boolean {
  return dataSource.options.type === 'sqljs';
}

interface Shared {
  gate: Gate;
  saves: Saves;
}

const shared = new WeakMap<DataSource, Shared>();

function sharedOf(dataSource: DataSource): Shared {
  const found = shared.get(dataSource);
  if (!found) throw new Error('the embedded database is not initialized');
  return found;
}

/**
 * Runs `work` holding the embedded database's only connection, so nothing else reaches it until
 * `work` has ended, then waits until the file holds what `work` committed. On MySQL it just runs
 * `work`: there each transaction has a connection, and a commit is durable when it returns.
 */
export async function exclusively<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isEmbedded(dataSource)) return work();
  const { gate, saves } = sharedOf(dataSource);
  // Its save would wait for the connection this caller holds.
  if (gate.held) throw new Error('a transaction of the embedded database cannot open another');
  const result = await gate.run(work);
  await saves.save();
  return result;
}

/**
 * Resolves once the file holds everything committed so far; at once on MySQL, where a commit is
 * durable when it returns. Whatever leaves the process about a commit (the relay's publishing)
 * waits for this first, so nothing outside hears of a write a crash could still undo.
 */
export function untilSaved(dataSource: DataSource): Promise<void> {
  return shared.get(dataSource)?.saves.save() ?? Promise.resolve();
}

/** One holder at a time, in the order asked; the holder's own calls pass straight through. */
class Gate {
  private tail: Promise<void> = Promise.resolve();
  private readonly holding = new AsyncLocalStorage<true>();

  get held(): boolean {
    return this.holding.getStore() === true;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.held) return work();
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    return before.then(() => this.holding.run(true, work)).finally(release);
  }
}

/** Group commit: a save started after the caller's write, shared by every write since the last. */
class Saves {
  private writing?: Promise<void>;
  private next?: Promise<void>;
  /** Something changed since the last snapshot. */
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly gate: Gate,
    private readonly runner: QueryRunner,
    private readonly snapshot: () => Uint8Array,
  ) {}

  /**
   * Saves without waiting: for the writes outside a transaction (the worker's read models,
   * cursors and sent marks), which a restart redoes from the cursors if a crash loses them. A
   * failed save surfaces in the next one a commit waits for, which writes everything again.
   */
  soon(): void {
    this.save().catch(() => undefined);
  }

  changed(): void {
    this.dirty = true;
  }

  save(): Promise<void> {
    if (!this.writing) {
      if (!this.dirty) return Promise.resolve();
      this.writing = this.write().finally(() => (this.writing = undefined));
      return this.writing;
    }
    // The save under way may have taken its snapshot before this write: wait for the next one.
    this.next ??= this.writing
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.save();
      });
    return this.next;
  }

  private async write(): Promise<void> {
    // Between transactions, so the snapshot holds whole ones. A transaction still open (a
    // migration's) is saved by its COMMIT.
    const data = await this.gate.run(async () => {
      if (this.runner.isTransactionActive || !this.dirty) return undefined;
      this.dirty = false;
      return this.snapshot();
    });
    if (!data) return;
    try {
      await writeAtomically(this.file, data);
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
}

/**
 * sql.js's one query runner, made safe to share: each query waits for the connection, a write
 * outside a transaction starts a save, and parameters are given as SQLite stores them
 * (sql.js binds only strings, numbers, bytes and null).
 */
function share(dataSource: DataSource, file: string): void {
  const runner = dataSource.driver.createQueryRunner('master');
  const driver = dataSource.driver as unknown as {
    export(): Uint8Array;
    databaseConnection: { getRowsModified(): number };
  };
  const gate = new Gate();
  const saves = new Saves(file, gate, runner, () => driver.export());
  shared.set(dataSource, { gate, saves });
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = (async (sql: string, parameters?: unknown[], structured?: boolean) => {
    const inTransaction = gate.held;
    let changed = false;
    const result = await gate.run(async () => {
      const rows = await query(sql, parameters?.map(toSqliteValue), structured);
      // Reads change nothing, nor do writes that matched no row (the worker's idle rounds);
      // anything else (DDL, COMMIT) may.
      changed =
        !/^\s*SELECT\b/i.test(sql) &&
        (!/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) ||
          driver.databaseConnection.getRowsModified() > 0);
      if (changed) saves.changed();
      return rows;
    });
    if (!inTransaction && changed) saves.soon();
    return result;
  }) as QueryRunner['query'];
}

/** Times as TypeORM writes them to SQLite: UTC, `YYYY-MM-DD HH:MM:SS.SSS`, which sorts as time. */
function toSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Temp file, synced, renamed over `file`, and the rename synced: a crash keeps one whole. */
async function writeAtomically(file: string, data: Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.saving`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const directory = await open(dirname(file), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
