import { SQLITE_TYPES } from '../column-types.js';
import { OrgNames1764050000000 } from '../1764050000000-org-names.js';

/** OrgNames1764050000000 for the embedded SQLite database, in its types. */
export class EmbeddedOrgNames1764050000000 extends OrgNames1764050000000 {
  override name = 'EmbeddedOrgNames1764050000000';

  constructor() {
    super(SQLITE_TYPES);
  }
}
