import { TablesMigration } from './tables-migration.js';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';

/**
 * Who may use a project at sign-in. A project's roles (a key unique within it, exactly as given),
 * its applications (each an OpenID Connect client: the provider's own record stays in
 * `oidc_payloads`, this row ties it to the project), its grants to other organizations (with a
 * subset of its roles) and the user grants (one per user and project). Role keys are JSON
 * arrays, in the order given.
 */
export class ProjectAccess1763940000000 extends TablesMigration {
  name = 'ProjectAccess1763940000000';
  tables = PROJECT_ACCESS_TABLES;
  statements = () => STATEMENTS.map((statement) => `${statement} ${TABLE}`);
}

/** The tables, in the order they are made. */
export const PROJECT_ACCESS_TABLES = [
  'project_roles',
  'applications',
  'project_grants',
  'user_grants',
];

const STATEMENTS = [
  `CREATE TABLE project_roles (
     project_id CHAR(36) NOT NULL,
     role_key VARCHAR(200) NOT NULL,
     display_name VARCHAR(200) NOT NULL,
     role_group VARCHAR(200) NOT NULL,
     PRIMARY KEY (project_id, role_key)
   )`,
  `CREATE TABLE applications (
     id CHAR(36) NOT NULL PRIMARY KEY,
     project_id CHAR(36) NOT NULL,
     client_id VARCHAR(64) NOT NULL,
     name VARCHAR(200) NOT NULL,
     UNIQUE KEY applications_client (client_id),
     INDEX applications_project (project_id)
   )`,
  `CREATE TABLE project_grants (
     id CHAR(36) NOT NULL PRIMARY KEY,
     project_id CHAR(36) NOT NULL,
     granted_org_id CHAR(36) NOT NULL,
     role_keys JSON NOT NULL,
     UNIQUE KEY project_grants_org (project_id, granted_org_id),
     INDEX project_grants_granted (granted_org_id)
   )`,
  `CREATE TABLE user_grants (
     id CHAR(36) NOT NULL PRIMARY KEY,
     user_id CHAR(36) NOT NULL,
     project_id CHAR(36) NOT NULL,
     project_grant_id CHAR(36) NULL,
     role_keys JSON NOT NULL,
     UNIQUE KEY user_grants_user_project (user_id, project_id),
     INDEX user_grants_project (project_id)
   )`,
];
