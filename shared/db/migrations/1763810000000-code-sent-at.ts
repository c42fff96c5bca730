import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When the email carrying a code was accepted by the SMTP server: a job run again skips it. */
export class CodeSentAt1763810000000 implements MigrationInterface {
  name = 'CodeSentAt1763810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE user_codes ADD COLUMN sent_at DATETIME(3) NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE user_codes DROP COLUMN sent_at');
  }
}
