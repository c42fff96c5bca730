import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Passkeys1763920000000 for the embedded SQLite database. */
export class EmbeddedPasskeys1763920000000 implements MigrationInterface {
  name = 'EmbeddedPasskeys1763920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE passkeys (
         id TEXT NOT NULL PRIMARY KEY,
         user_id TEXT NOT NULL,
         credential_id TEXT NOT NULL,
         public_key BLOB NOT NULL,
         sign_count INTEGER NOT NULL,
         transports TEXT NOT NULL,
         device_type TEXT NOT NULL,
         backed_up INTEGER NOT NULL,
         name TEXT NOT NULL,
         created_at TEXT NOT NULL,
         last_used_at TEXT NULL
       )`,
    );
    await db.query('CREATE UNIQUE INDEX passkeys_credential_id ON passkeys (credential_id)');
    await db.query('CREATE INDEX passkeys_user_id ON passkeys (user_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE passkeys');
  }
}
