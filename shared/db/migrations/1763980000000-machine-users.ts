import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * Machine users (service accounts) and their credentials: a client secret (sealed under the
 * secret key, since the OpenID provider compares it itself), public keys for private_key_jwt, and
 * personal access tokens (only their SHA-256: each is 256 random bits, which a fast hash keeps as
 * safe as a slow one does a password).
 */
export class MachineUsers1763980000000 extends TablesMigration {
  name = 'MachineUsers1763980000000';
  tables = MACHINE_USER_TABLES;
  statements = () => machineUserStatements(MARIADB_TYPES);
}

export const MACHINE_USER_TABLES = ['machine_users', 'machine_keys', 'personal_access_tokens'];

/** The statements in one database's column types. */
export function machineUserStatements(types: ColumnTypes): string[] {
  return [
    `CREATE TABLE machine_users (
       id ${types.id} NOT NULL PRIMARY KEY,
       org_id ${types.id} NOT NULL,
       user_name ${types.name} NOT NULL,
       user_name_lower ${types.nameKey} NOT NULL,
       name ${types.name} NOT NULL,
       description ${types.text} NOT NULL,
       state ${types.name} NOT NULL,
       secret_encrypted ${types.bytes} NULL,
       version ${types.count} NOT NULL,
       sequence ${types.position} NOT NULL,
       creation_date ${types.time} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    'CREATE UNIQUE INDEX machine_users_user_name ON machine_users (user_name_lower)',
    'CREATE INDEX machine_users_org ON machine_users (org_id)',
    `CREATE TABLE machine_keys (
       id ${types.id} NOT NULL PRIMARY KEY,
       user_id ${types.id} NOT NULL,
       public_jwk ${types.json} NOT NULL,
       expiration_date ${types.time} NOT NULL,
       creation_date ${types.time} NOT NULL
     ) ${types.options}`,
    'CREATE INDEX machine_keys_user ON machine_keys (user_id)',
    `CREATE TABLE personal_access_tokens (
       id ${types.id} NOT NULL PRIMARY KEY,
       user_id ${types.id} NOT NULL,
       token_sha256 ${types.name} NOT NULL,
       expiration_date ${types.time} NOT NULL,
       creation_date ${types.time} NOT NULL
     ) ${types.options}`,
    'CREATE UNIQUE INDEX personal_access_tokens_hash ON personal_access_tokens (token_sha256)',
    'CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user_id)',
  ];
}
