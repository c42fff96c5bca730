import { SQLITE_TYPES } from '../column-types.js';
import { OrgNames1764060000000 } from '../1764060000000-org-names.js';

/** OrgNames1764060000000 for the embedded SQLite database, in its types. */
export class EmbeddedOrgNames1764060000000 extends OrgNames1764060000000 {
  override name = 'EmbeddedOrgNames1764060000000';

  constructor() {
    super(SQLITE_TYPES);
  }
}
