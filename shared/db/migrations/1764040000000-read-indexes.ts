import { TablesMigration } from './tables-migration.js';

/**
 * Indexes the reads of what no other index serves by organization: a page of the organization's
 * user grants (ListUserGrants, in the order of their ids) and its members (ListOrgMembers). The
 * same statements on MariaDB and SQLite.
 */
export class ReadIndexes1764040000000 extends TablesMigration {
  name = 'ReadIndexes1764040000000';
  tables = [];
  override addedIndexes = READ_INDEXES;
  statements = () => [
    'CREATE INDEX user_grant_read_models_org ON user_grant_read_models (org_id, removed, id)',
    'CREATE INDEX role_grants_org ON role_grants (org_id, user_id)',
  ];
}

export const READ_INDEXES = [
  'user_grant_read_models.user_grant_read_models_org',
  'role_grants.role_grants_org',
];
