import 'reflect-metadata';
import mysql from 'mysql2/promise';
import { DataSource, type EntityManager } from 'typeorm';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';
import { isDeadlock } from './mysql-errors.js';

export interface DatabaseOptions {
  /** `mysql://user:password@host:port/database` */
  url: string;
  poolSize: number;
}

/** A TypeORM data source over mysql2. Times are stored in UTC; BIGINTs come back as strings. */
export function createDataSource({ url, poolSize }: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'mysql',
    connectorPackage: 'mysql2',
    url,
    entities,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    connectTimeout: 5000,
    poolSize,
    extra: { enableKeepAlive: true },
    logging: false,
  });
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new Error('the database name may hold only letters, digits and _');
  target.pathname = '/';
  const connection = await mysql.createConnection({ uri: target.toString(), connectTimeout: 5000 });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
    );
  } finally {
    await connection.end();
  }
}

/** Applies every pending migration; returns the names of those it ran. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((migration) => migration.name);
}

const MAX_ATTEMPTS = 3;

/**
 * Runs `work` in one READ COMMITTED transaction: its state changes and its events commit
 * together or not at all. A deadlock victim is retried from the start, since InnoDB rolled the
 * whole transaction back.
 */
export async function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction('READ COMMITTED', work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
