import type { MigrationInterface, QueryRunner } from 'typeorm';

/** SignInFailures1763910000000 for the embedded SQLite database. */
export class EmbeddedSignInFailures1763910000000 implements MigrationInterface {
  name = 'EmbeddedSignInFailures1763910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE sign_in_failures (
         failure_key TEXT NOT NULL PRIMARY KEY,
         failures INTEGER NOT NULL,
         expires_at INTEGER NOT NULL
       )`,
    );
    await db.query('CREATE INDEX sign_in_failures_expires_at ON sign_in_failures (expires_at)');
    await db.query('ALTER TABLE users ADD COLUMN otp_last_step INTEGER NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN otp_last_step');
    await db.query('DROP TABLE sign_in_failures');
  }
}
