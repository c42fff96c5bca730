import type { MigrationInterface, QueryRunner } from 'typeorm';

/** PasskeyCeremonies1763930000000 for the embedded SQLite database. */
export class EmbeddedPasskeyCeremonies1763930000000 implements MigrationInterface {
  name = 'EmbeddedPasskeyCeremonies1763930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE passkey_ceremonies (
         id TEXT NOT NULL PRIMARY KEY,
         payload TEXT NOT NULL,
         expires_at INTEGER NOT NULL,
         taken_by TEXT NULL
       )`,
    );
    await db.query('CREATE INDEX passkey_ceremonies_expires_at ON passkey_ceremonies (expires_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE passkey_ceremonies');
  }
}
