import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The provider's artifacts are filed under their ids' keyed hashes from now on (stored-ids.ts).
 * Those stored before, under the ids themselves, are credentials in the clear and could no longer
 * be found: they go. People sign in again, relying parties' refresh tokens are refused
 * (`invalid_grant`), and machine users' tokens are refused (401) until they ask for new ones.
 * The clients' records stay. The same statement on MySQL and on the embedded SQLite.
 */
export class OidcStoredIds1764000000000 implements MigrationInterface {
  name = 'OidcStoredIds1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query("DELETE FROM oidc_payloads WHERE model <> 'Client'");
  }

  async down(db: QueryRunner): Promise<void> {
    // The hashed rows cannot be turned back into ids; they would not be found either.
    await db.query("DELETE FROM oidc_payloads WHERE model <> 'Client'");
  }
}
