import type { MigrationInterface, QueryRunner } from 'typeorm';

/** OidcPayloads1763900000000 for the embedded SQLite database. */
export class EmbeddedOidcPayloads1763900000000 implements MigrationInterface {
  name = 'EmbeddedOidcPayloads1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE oidc_payloads (
         model TEXT NOT NULL,
         id TEXT NOT NULL,
         payload TEXT NOT NULL,
         grant_id TEXT NULL,
         uid TEXT NULL,
         user_code TEXT NULL,
         expires_at INTEGER NULL,
         consumed_at INTEGER NULL,
         PRIMARY KEY (model, id)
       )`,
    );
    await db.query('CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id)');
    await db.query('CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid)');
    await db.query('CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code)');
    await db.query('CREATE INDEX oidc_payloads_expires ON oidc_payloads (expires_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE oidc_payloads');
  }
}
