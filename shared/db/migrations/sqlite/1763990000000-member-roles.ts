import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The table as it is made, its user a human or a machine one, and as it was (`users` only). */
const roleGrants = (table: string, userReference: string) =>
  `CREATE TABLE ${table} (
    user_id TEXT NOT NULL${userReference},
    org_id TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, org_id, role)
  )`;

/**
 * MemberRoles1763990000000 for the embedded SQLite database, which cannot drop a constraint: the
 * table is made again without the reference to `users` and its rows copied over.
 */
export class EmbeddedMemberRoles1763990000000 implements MigrationInterface {
  name = 'EmbeddedMemberRoles1763990000000';

  async up(db: QueryRunner): Promise<void> {
    await rebuild(db, '', 'SELECT * FROM role_grants');
  }

  async down(db: QueryRunner): Promise<void> {
    await rebuild(
      db,
      ' REFERENCES users (id)',
      'SELECT * FROM role_grants WHERE user_id IN (SELECT id FROM users)',
    );
  }
}

async function rebuild(db: QueryRunner, userReference: string, rows: string): Promise<void> {
  await db.query(roleGrants('role_grants_rebuilt', userReference));
  await db.query(
    `INSERT INTO role_grants_rebuilt (user_id, org_id, role, created_at)
     SELECT user_id, org_id, role, created_at FROM (${rows})`,
  );
  await db.query('DROP TABLE role_grants');
  await db.query('ALTER TABLE role_grants_rebuilt RENAME TO role_grants');
}
