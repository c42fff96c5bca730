import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles for machine users: a role grant's user is a human user (`users`) or a machine user
 * (`machine_users`), so `role_grants.user_id` no longer refers to `users` alone. The operations
 * keep the grants of a removed user from staying behind (RemoveMachineUser takes them with it).
 */
export class MemberRoles1763990000000 implements MigrationInterface {
  name = 'MemberRoles1763990000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE role_grants DROP FOREIGN KEY role_grants_user_fk');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM role_grants WHERE user_id NOT IN (SELECT id FROM users)');
    await db.query(
      'ALTER TABLE role_grants ADD CONSTRAINT role_grants_user_fk FOREIGN KEY (user_id) REFERENCES users (id)',
    );
  }
}
