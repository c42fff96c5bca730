import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../../shared/db/data-source.js';
import { createEmbeddedDataSource } from '../../shared/db/embedded-database.js';
import { createTestDatabase } from '../support/database.js';

/** A schema as both databases can tell it: per table, its columns, primary key and indexes. */
interface Schema {
  [table: string]: {
    /** `name type-family null|not null`, in the order of the table. */
    columns: string[];
    primaryKey: string[];
    /** `name (columns) unique?`, sorted. */
    indexes: string[];
  };
}

/**
 * Types compared by what the code can store in them: SQLite keeps strings, JSON and times as
 * text, numbers and booleans as integers, bytes as blobs.
 */
function typeFamily(type: string): string {
  const name = type.toLowerCase().replace(/\(.*$/, '').trim();
  if (/int$/.test(name)) return 'integer';
  if (/binary|blob/.test(name)) return 'bytes';
  if (/char|text|json|enum|date|time/.test(name)) return 'text';
  return name;
}

function indexLine(name: string, columns: string[], unique: boolean): string {
  return `${name} (${columns.join(', ')})${unique ? ' unique' : ''}`;
}

async function mysqlSchema(dataSource: DataSource, database: string): Promise<Schema> {
  const columns = (await dataSource.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS type, IS_NULLABLE AS nullable,
            COLUMN_KEY AS k
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [database],
  )) as { t: string; c: string; type: string; nullable: string; k: string }[];
  const schema: Schema = {};
  for (const column of columns) {
    const table = (schema[column.t] ??= { columns: [], primaryKey: [], indexes: [] });
    table.columns.push(
      `${column.c} ${typeFamily(column.type)} ${column.nullable === 'YES' ? 'null' : 'not null'}`,
    );
  }
  const statistics = (await dataSource.query(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS i, COLUMN_NAME AS c, NON_UNIQUE AS nonUnique
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ?
      ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [database],
  )) as { t: string; i: string; c: string; nonUnique: number | string }[];
  const indexes = new Map<string, { table: string; columns: string[]; unique: boolean }>();
  for (const row of statistics) {
    if (row.i === 'PRIMARY') {
      schema[row.t]!.primaryKey.push(row.c);
      continue;
    }
    const key = `${row.t}.${row.i}`;
    const index = indexes.get(key) ?? {
      table: row.t,
      columns: [],
      unique: Number(row.nonUnique) === 0,
    };
    index.columns.push(row.c);
    indexes.set(key, index);
  }
  for (const [key, index] of indexes) {
    schema[index.table]!.indexes.push(indexLine(key.split('.')[1]!, index.columns, index.unique));
  }
  for (const table of Object.values(schema)) table.indexes.sort();
  return schema;
}

async function sqliteSchema(dataSource: DataSource): Promise<Schema> {
  const tables = (await dataSource.query(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  )) as { name: string }[];
  const schema: Schema = {};
  for (const { name } of tables) {
    const columns = (await dataSource.query(`PRAGMA table_info("${name}")`)) as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const indexes: string[] = [];
    const list = (await dataSource.query(`PRAGMA index_list("${name}")`)) as {
      name: string;
      unique: number;
      origin: string;
    }[];
    for (const index of list) {
      // The primary key's own index (origin 'pk', named sqlite_autoindex_…) is compared as the
      // primary key; MySQL has no such index of its own either.
      if (index.origin === 'pk') continue;
      const info = (await dataSource.query(`PRAGMA index_info("${index.name}")`)) as {
        seqno: number;
        name: string;
      }[];
      const ordered = info.toSorted((a, b) => a.seqno - b.seqno).map((column) => column.name);
      indexes.push(indexLine(index.name, ordered, index.unique === 1));
    }
    schema[name] = {
      // A primary key column is NOT NULL on MySQL whatever its declaration says.
      columns: columns.map(
        (column) =>
          `${column.name} ${typeFamily(column.type)} ${column.notnull || column.pk ? 'not null' : 'null'}`,
      ),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .toSorted((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      indexes: indexes.sort(),
    };
  }
  return schema;
}

describe('the embedded SQLite schema', function () {
  this.timeout(60_000);
  let mysql: Schema;
  let sqlite: Schema;

  before(async () => {
    const database = await createTestDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'schema-parity-'));
    try {
      const mysqlSource = createDataSource({ url: database.url, poolSize: 1 });
      await mysqlSource.initialize();
      try {
        await migrate(mysqlSource);
        mysql = await mysqlSchema(mysqlSource, database.name);
      } finally {
        await mysqlSource.destroy();
      }
      const sqliteSource = createEmbeddedDataSource(join(dir, 'identity.sqlite'));
      await sqliteSource.initialize();
      try {
        await migrate(sqliteSource);
        sqlite = await sqliteSchema(sqliteSource);
      } finally {
        await sqliteSource.destroy();
      }
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has the tables of the MySQL schema', () => {
    expect(Object.keys(sqlite).sort()).to.deep.equal(Object.keys(mysql).sort());
  });

  it("has each table's columns, in order, with the same nullability and kind of type", () => {
    for (const table of Object.keys(mysql)) {
      expect(sqlite[table]?.columns, table).to.deep.equal(mysql[table]!.columns);
    }
  });

  it("has each table's primary key and indexes: names, columns and uniqueness", () => {
    for (const table of Object.keys(mysql)) {
      expect(sqlite[table]?.primaryKey, `${table} primary key`).to.deep.equal(
        mysql[table]!.primaryKey,
      );
      expect(sqlite[table]?.indexes, `${table} indexes`).to.deep.equal(mysql[table]!.indexes);
    }
  });
});
