import { AsyncLocalStorage } from 'node:async_hooks';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { entities } from './entities/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

/**
 * The embedded database of the single-process mode: SQLite compiled to WebAssembly (sql.js), so
 * it needs nothing but Node, kept in memory and written whole to `file` after every commit.
 *
 * sql.js has one connection, so the data source runs one transaction at a time: a transaction
 * holds the connection until it ends, and a query from outside it waits, rather than running
 * inside someone else's transaction (and being rolled back with it). The file is written to a
 * temporary file, synced and renamed over the old one, so a crash leaves the last commit or the
 * one before, never half of one. A lock file keeps a second process off the same database.
 */
export function createEmbeddedDataSource(file: string): DataSource {
  const dataSource = new DataSource({
    type: 'sqljs',
    location: file,
    autoSave: true,
    autoSaveCallback: (data: Uint8Array) => writeAtomically(file, data),
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
    serialize(dataSource.driver.createQueryRunner('master'));
    return dataSource;
  };
  dataSource.destroy = async () => {
    await destroy();
    lock.release();
  };
  return dataSource;
}

export function isEmbedded(dataSource: DataSource): boolean {
  return dataSource.options.type === 'sqljs';
}

const gates = new WeakMap<QueryRunner, Gate>();

/**
 * Runs `work` holding the embedded database's only connection, so nothing else reaches it until
 * `work` has ended. On MySQL it just runs `work`: there each transaction has a connection.
 */
export function exclusively<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isEmbedded(dataSource)) return work();
  const gate = gates.get(dataSource.driver.createQueryRunner('master'));
  if (!gate) throw new Error('the embedded database is not initialized');
  return gate.run(work);
}

/** One holder at a time, in the order asked; the holder's own calls pass straight through. */
class Gate {
  private tail: Promise<void> = Promise.resolve();
  private readonly holding = new AsyncLocalStorage<true>();

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.holding.getStore()) return work();
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    return before.then(() => this.holding.run(true, work)).finally(release);
  }
}

/**
 * sql.js's one query runner, made safe to share: each query waits for the connection, and
 * parameters are given as SQLite stores them (sql.js binds only strings, numbers, bytes and null).
 */
function serialize(runner: QueryRunner): void {
  const gate = new Gate();
  gates.set(runner, gate);
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((sql: string, parameters?: unknown[], structured?: boolean) =>
    gate.run(() => query(sql, parameters?.map(toSqliteValue), structured))) as QueryRunner['query'];
}

/** Times as TypeORM writes them to SQLite: UTC, `YYYY-MM-DD HH:MM:SS.SSS`, which sorts as time. */
function toSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function writeAtomically(file: string, data: Uint8Array): void {
  const temporary = `${file}.saving`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** A file holding the pid of the process that has the database open. */
class FileLock {
  private held = false;

  constructor(private readonly path: string) {}

  acquire(database: string): void {
    try {
      writeFileSync(this.path, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(this.path, 'utf8'));
      if (owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `the embedded database ${database} is open in process ${owner}: stop that process first, or set DATABASE_URL`,
        );
      }
      // Left behind by a process that is gone.
      writeFileSync(this.path, String(process.pid));
    }
    this.held = true;
    // A start that fails, or an exit without stopping, leaves no lock behind.
    process.once('exit', this.onExit);
  }

  private readonly onExit = (): void => this.release();

  release(): void {
    if (this.held) rmSync(this.path, { force: true });
    this.held = false;
    process.removeListener('exit', this.onExit);
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
