import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users' passkeys (WebAuthn credentials): the credential's id (base64url, unique instance-wide),
 * its COSE public key, the signature counter, transports and backup flags, and the name the
 * person gave it, when it was made and when it last signed in.
 */
export class Passkeys1763920000000 implements MigrationInterface {
  name = 'Passkeys1763920000000';

  async up(db: QueryRunner): Promise<void> {
    // A credential id is at most 1,023 bytes, 1,364 characters in base64url: ASCII, so the unique
    // index stays under InnoDB's key size.
    await db.query(
      `CREATE TABLE passkeys (
         id VARCHAR(36) NOT NULL PRIMARY KEY,
         user_id VARCHAR(36) NOT NULL,
         credential_id VARCHAR(1400) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
         public_key BLOB NOT NULL,
         sign_count BIGINT UNSIGNED NOT NULL,
         transports VARCHAR(200) NOT NULL,
         device_type VARCHAR(16) NOT NULL,
         backed_up BOOLEAN NOT NULL,
         name VARCHAR(100) NOT NULL,
         created_at DATETIME(3) NOT NULL,
         last_used_at DATETIME(3) NULL,
         UNIQUE INDEX passkeys_credential_id (credential_id),
         INDEX passkeys_user_id (user_id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE passkeys');
  }
}
