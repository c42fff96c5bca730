import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * Users' metadata (ZITADEL's): the entries the operations write, by user and key, and the
 * worker's read model of them (a row per user and key, a removed entry kept as a tombstone).
 */
export class UserMetadata1764530000000 extends TablesMigration {
  name = 'UserMetadata1764530000000';
  tables = USER_METADATA_TABLES;
  statements = () => userMetadataStatements(MARIADB_TYPES);
}

export const USER_METADATA_TABLES = ['user_metadata', 'user_metadata_read_models'];

/** The statements in one database's column types. */
export function userMetadataStatements(types: ColumnTypes): string[] {
  // A value is at most 16 KiB of bytes: its base64 fits TEXT on both databases.
  return [
    `CREATE TABLE user_metadata (
       user_id ${types.id} NOT NULL,
       metadata_key ${types.name} NOT NULL,
       value TEXT NOT NULL,
       creation_date ${types.time} NOT NULL,
       change_date ${types.time} NOT NULL,
       PRIMARY KEY (user_id, metadata_key)
     ) ${types.options}`,
    `CREATE TABLE user_metadata_read_models (
       id ${types.id} NOT NULL PRIMARY KEY,
       org_id ${types.id} NOT NULL,
       user_id ${types.id} NOT NULL,
       metadata_key ${types.name} NOT NULL,
       value TEXT NOT NULL,
       removed ${types.flag} NOT NULL,
       sequence ${types.position} NOT NULL,
       creation_date ${types.time} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    'CREATE INDEX user_metadata_read_models_user ON user_metadata_read_models (user_id, metadata_key)',
  ];
}
