import { SQLITE_TYPES } from '../column-types.js';
import {
  UserReadModelSearch1764010000000,
  userSearchStatements,
} from '../1764010000000-user-read-model-search.js';

/**
 * UserReadModelSearch1764010000000 for the embedded SQLite database, in its types; SQLite's
 * LOWER knows ASCII only, so the keys of every row there are made as the worker makes them.
 */
export class EmbeddedUserReadModelSearch1764010000000 extends UserReadModelSearch1764010000000 {
  override name = 'EmbeddedUserReadModelSearch1764010000000';
  protected override rekeyed = '1 = 1';
  override statements = () => [
    ...userSearchStatements(SQLITE_TYPES),
    'DROP INDEX user_read_models_org',
  ];
}
