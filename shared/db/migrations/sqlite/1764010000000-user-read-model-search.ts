import type { QueryRunner } from 'typeorm';
import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { uniqueNameKey } from '../../../unique-name-key.js';
import {
  embeddedSearchKeys,
  READ_MODEL_PROGRESS_TABLES,
  USER_SEARCH_COLUMNS,
  USER_SEARCH_INDEXES,
  userSearchStatements,
} from '../1764010000000-user-read-model-search.js';

/**
 * UserReadModelSearch1764010000000 for the embedded SQLite database, in its types; SQLite's
 * LOWER knows ASCII only, so the keys of the rows there are made as the worker makes them.
 */
export class EmbeddedUserReadModelSearch1764010000000 extends TablesMigration {
  name = 'EmbeddedUserReadModelSearch1764010000000';
  tables = READ_MODEL_PROGRESS_TABLES;
  override addedColumns = USER_SEARCH_COLUMNS;
  override addedIndexes = USER_SEARCH_INDEXES;
  statements = () => userSearchStatements(SQLITE_TYPES);

  override async up(db: QueryRunner): Promise<void> {
    await super.up(db);
    await embeddedSearchKeys(db, uniqueNameKey);
  }
}
