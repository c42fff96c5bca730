import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each consumer's place in the outbox, for delivering events without Kafka. */
export class ConsumerCursors1763820000000 implements MigrationInterface {
  name = 'ConsumerCursors1763820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE consumer_cursors (
         consumer VARCHAR(200) NOT NULL PRIMARY KEY,
         position BIGINT UNSIGNED NOT NULL
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE consumer_cursors');
  }
}
