/**
 * The column types of the two databases, by what a column holds, for migrations that write one
 * list of statements for both (later ones; the earlier ones spell each database's out).
 */
export interface ColumnTypes {
  /** An id (a UUID, or an organization's). */
  id: string;
  flag: string;
  /** A colour as `#rrggbb`. */
  colour: string;
  /** A name or key of up to 200 characters, compared exactly. */
  name: string;
  /** A name's unique key (`uniqueNameKey`), which can be longer than the name. */
  nameKey: string;
  /** An email address's search key (lower case), which can be longer than the address. */
  emailKey: string;
  /** A text of up to 1,000 characters. */
  text: string;
  bytes: string;
  json: string;
  count: string;
  /** An event's position. */
  position: string;
  time: string;
  /** A state's name (`active`, `inactive`, …). */
  state: string;
  /** What ends a CREATE TABLE. */
  options: string;
}

export const MARIADB_TYPES: ColumnTypes = {
  id: 'CHAR(36)',
  flag: 'BOOLEAN',
  colour: 'VARCHAR(7)',
  name: 'VARCHAR(200)',
  nameKey: 'VARCHAR(600)',
  emailKey: 'VARCHAR(640)',
  text: 'VARCHAR(1000)',
  bytes: 'MEDIUMBLOB',
  json: 'JSON',
  count: 'INT UNSIGNED',
  position: 'BIGINT UNSIGNED',
  time: 'DATETIME(3)',
  state: 'VARCHAR(16)',
  options: 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin',
};

export const SQLITE_TYPES: ColumnTypes = {
  id: 'TEXT',
  flag: 'INTEGER',
  colour: 'TEXT',
  name: 'TEXT',
  nameKey: 'TEXT',
  emailKey: 'TEXT',
  text: 'TEXT',
  bytes: 'BLOB',
  json: 'TEXT',
  count: 'INTEGER',
  position: 'INTEGER',
  time: 'TEXT',
  state: 'TEXT',
  options: '',
};
