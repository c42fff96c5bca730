import 'reflect-metadata';
import mysql from 'mysql2/promise';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import { createEmbeddedDataSource, createEmbeddedSnapshot } from './embedded-database.js';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';

export interface DatabaseOptions {
  /** `mysql://user:password@host:port/database` */
  url: string;
  poolSize: number;
}

/** The configured database: MySQL at `DATABASE_URL`, or without it the embedded SQLite file. */
export function createConfiguredDataSource(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): DataSource {
  return config.databaseUrl
    ? createDataSource({ url: config.databaseUrl, poolSize: config.databasePoolSize })
    : createEmbeddedDataSource(embeddedDatabaseFile(config.dataDir));
}

/**
 * The configured database for a command that only reads: MySQL as usual; the embedded file as
 * it is now, without the lock of the service that may have it open, and never written back.
 */
export function createConfiguredReader(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): DataSource {
  return config.databaseUrl
    ? createDataSource({ url: config.databaseUrl, poolSize: 1 })
    : createEmbeddedSnapshot(embeddedDatabaseFile(config.dataDir));
}

function embeddedDatabaseFile(dataDir: string): string {
  return join(dataDir, 'identity.sqlite');
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
    // For inBatchedTransaction's single round trip. Every query passes its values as parameters.
    multipleStatements: true,
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

/** A time from a raw query: mysql2 gives a Date, SQLite the UTC text TypeORM stored. */
export function timeOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  return new Date(`${value.replace(' ', 'T')}Z`);
}
