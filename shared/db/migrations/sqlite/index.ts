import { EmbeddedSchema1763830000000 } from './1763830000000-embedded-schema.js';
// STAND-IN: replaced by verify at merge
import { SqliteOtpLastStep1763910000000 } from './1763910000000-otp-last-step.js';

/** The embedded SQLite database's migrations, oldest first; each schema change has one here too. */
export const sqliteMigrations = [EmbeddedSchema1763830000000, SqliteOtpLastStep1763910000000];
