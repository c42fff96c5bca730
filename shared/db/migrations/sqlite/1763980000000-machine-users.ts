import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { MACHINE_USER_TABLES, machineUserStatements } from '../1763980000000-machine-users.js';

/** MachineUsers1763980000000 for the embedded SQLite database, in its types. */
export class EmbeddedMachineUsers1763980000000 extends TablesMigration {
  name = 'EmbeddedMachineUsers1763980000000';
  tables = MACHINE_USER_TABLES;
  statements = () => machineUserStatements(SQLITE_TYPES);
}
