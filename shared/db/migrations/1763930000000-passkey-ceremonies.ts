import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The WebAuthn ceremonies begun and not yet answered: the challenge and what the answer is checked
 * against (JSON), until `expires_at` (ms since the epoch). `taken_by` is the answer that claimed
 * the ceremony, so that two answers at once cannot both use it. Kept before in `oidc_payloads`
 * through the OpenID provider's adapter; the passkeys have a store of their own now.
 */
export class PasskeyCeremonies1763930000000 implements MigrationInterface {
  name = 'PasskeyCeremonies1763930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE passkey_ceremonies (
         id VARCHAR(64) NOT NULL PRIMARY KEY,
         payload TEXT NOT NULL,
         expires_at BIGINT UNSIGNED NOT NULL,
         taken_by VARCHAR(64) NULL,
         INDEX passkey_ceremonies_expires_at (expires_at)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE passkey_ceremonies');
  }
}
