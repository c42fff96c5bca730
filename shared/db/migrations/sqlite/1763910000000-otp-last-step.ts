// STAND-IN: replaced by verify at merge
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The time step of the last TOTP code a user's sign-in accepted; an earlier one is a replay. */
export class SqliteOtpLastStep1763910000000 implements MigrationInterface {
  name = 'SqliteOtpLastStep1763910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN otp_last_step INTEGER NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN otp_last_step');
  }
}
