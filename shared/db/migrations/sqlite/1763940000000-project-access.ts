import { TablesMigration } from '../tables-migration.js';
import { PROJECT_ACCESS_TABLES } from '../1763940000000-project-access.js';

/** ProjectAccess1763940000000 for the embedded SQLite database. */
export class EmbeddedProjectAccess1763940000000 extends TablesMigration {
  name = 'EmbeddedProjectAccess1763940000000';
  tables = PROJECT_ACCESS_TABLES;
  statements = () => STATEMENTS;
}

const STATEMENTS = [
  `CREATE TABLE project_roles (
     project_id TEXT NOT NULL,
     role_key TEXT NOT NULL,
     display_name TEXT NOT NULL,
     role_group TEXT NOT NULL,
     PRIMARY KEY (project_id, role_key)
   )`,
  `CREATE TABLE applications (
     id TEXT NOT NULL PRIMARY KEY,
     project_id TEXT NOT NULL,
     client_id TEXT NOT NULL,
     name TEXT NOT NULL
   )`,
  'CREATE UNIQUE INDEX applications_client ON applications (client_id)',
  'CREATE INDEX applications_project ON applications (project_id)',
  `CREATE TABLE project_grants (
     id TEXT NOT NULL PRIMARY KEY,
     project_id TEXT NOT NULL,
     granted_org_id TEXT NOT NULL,
     role_keys TEXT NOT NULL
   )`,
  'CREATE UNIQUE INDEX project_grants_org ON project_grants (project_id, granted_org_id)',
  'CREATE INDEX project_grants_granted ON project_grants (granted_org_id)',
  `CREATE TABLE user_grants (
     id TEXT NOT NULL PRIMARY KEY,
     user_id TEXT NOT NULL,
     project_id TEXT NOT NULL,
     project_grant_id TEXT NULL,
     role_keys TEXT NOT NULL
   )`,
  'CREATE UNIQUE INDEX user_grants_user_project ON user_grants (user_id, project_id)',
  'CREATE INDEX user_grants_project ON user_grants (project_id)',
];
