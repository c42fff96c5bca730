import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed sign-ins counted per user and per client address, and user locks, for the API instances
 * that share no Redis: a count or a lock lasts until `expires_at` (ms since the epoch). And the
 * time step of the last TOTP code each user signed in with, so that no code is accepted twice.
 */
export class SignInFailures1763910000000 implements MigrationInterface {
  name = 'SignInFailures1763910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE sign_in_failures (
         failure_key VARCHAR(100) NOT NULL PRIMARY KEY,
         failures INT UNSIGNED NOT NULL,
         expires_at BIGINT UNSIGNED NOT NULL,
         INDEX sign_in_failures_expires_at (expires_at)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    );
    await db.query('ALTER TABLE users ADD COLUMN otp_last_step BIGINT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN otp_last_step');
    await db.query('DROP TABLE sign_in_failures');
  }
}
