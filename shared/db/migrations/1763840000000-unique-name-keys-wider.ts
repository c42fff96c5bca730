import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unique-name keys (`uniqueNameKey`: NFC, then lower case) of a 200-character name can be
 * three times as long, not two: NFC writes some characters as three (U+FB2C, U+1D160). Still
 * within InnoDB's 3072-byte index key in utf8mb4 (2400 bytes, with org_id 2544). SQLite's text
 * columns have no length, so the embedded schema needs no change.
 */
export class UniqueNameKeysWider1763840000000 implements MigrationInterface {
  name = 'UniqueNameKeysWider1763840000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users MODIFY user_name_lower VARCHAR(600) NOT NULL');
    await db.query('ALTER TABLE projects MODIFY name_lower VARCHAR(600) NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE projects MODIFY name_lower VARCHAR(400) NOT NULL');
    await db.query('ALTER TABLE users MODIFY user_name_lower VARCHAR(400) NOT NULL');
  }
}
