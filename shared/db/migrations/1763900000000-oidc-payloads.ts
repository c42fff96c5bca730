import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The OpenID provider's storage: sessions, interactions, grants, codes, tokens and clients. */
export class OidcPayloads1763900000000 implements MigrationInterface {
  name = 'OidcPayloads1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE oidc_payloads (
         model VARCHAR(32) NOT NULL,
         id VARCHAR(255) NOT NULL,
         payload MEDIUMTEXT NOT NULL,
         grant_id VARCHAR(255) NULL,
         uid VARCHAR(255) NULL,
         user_code VARCHAR(255) NULL,
         expires_at BIGINT UNSIGNED NULL,
         consumed_at BIGINT UNSIGNED NULL,
         PRIMARY KEY (model, id),
         KEY oidc_payloads_grant (grant_id),
         KEY oidc_payloads_uid (uid),
         KEY oidc_payloads_user_code (user_code),
         KEY oidc_payloads_expires (expires_at)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE oidc_payloads');
  }
}
