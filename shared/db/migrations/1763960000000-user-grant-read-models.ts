import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * The worker's read model of user grants: one row per grant (its id), kept from the
 * `user.grant.*` events; a removed grant stays as a row marked `removed`, so that a replayed
 * `user.grant.added` finds it and does not bring it back.
 */
export class UserGrantReadModels1763960000000 extends TablesMigration {
  name = 'UserGrantReadModels1763960000000';
  tables = USER_GRANT_READ_MODEL_TABLES;
  statements = () => userGrantReadModelStatements(MARIADB_TYPES);
}

export const USER_GRANT_READ_MODEL_TABLES = ['user_grant_read_models'];

/** The statements in one database's column types. */
export function userGrantReadModelStatements(types: ColumnTypes): string[] {
  return [
    `CREATE TABLE user_grant_read_models (
       id ${types.id} NOT NULL PRIMARY KEY,
       org_id ${types.id} NOT NULL,
       user_id ${types.id} NOT NULL,
       project_id ${types.id} NOT NULL,
       project_grant_id ${types.id} NULL,
       role_keys ${types.json} NOT NULL,
       removed ${types.flag} NOT NULL,
       sequence ${types.position} NOT NULL,
       creation_date ${types.time} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    'CREATE INDEX user_grant_read_models_user ON user_grant_read_models (user_id)',
    'CREATE INDEX user_grant_read_models_project ON user_grant_read_models (project_id)',
  ];
}
