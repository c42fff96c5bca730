import type { MigrationInterface, QueryRunner } from 'typeorm';
import { uniqueNameKey } from '../../unique-name-key.js';
import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';

/**
 * Organization names unique in the instance without regard to case (AddOrg, UpdateOrg, as
 * ZITADEL has them): `organizations.name_lower`, the name's `uniqueNameKey`, under a unique index.
 * The keys of the organizations there are now are computed here (SQL knows no NFC). Of
 * organizations already named alike, the oldest keeps the plain key and each later one gets its
 * key followed by its id: they keep their names, and no new organization can take them.
 */
export class OrgNames1764060000000 implements MigrationInterface {
  name = 'OrgNames1764060000000';

  constructor(private readonly types: ColumnTypes = MARIADB_TYPES) {}

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE organizations ADD COLUMN name_lower ${this.types.nameKey} NOT NULL DEFAULT ''`,
    );
    const rows: { id: string; name: string }[] = await db.query(
      'SELECT id, name FROM organizations ORDER BY created_at, id',
    );
    const taken = new Set<string>();
    for (const { id, name } of rows) {
      const plain = uniqueNameKey(name.trim());
      const key = taken.has(plain) ? `${plain} ${id}` : plain;
      taken.add(key);
      await db.query('UPDATE organizations SET name_lower = ? WHERE id = ?', [key, id]);
    }
    await db.query('CREATE UNIQUE INDEX organizations_name_lower ON organizations (name_lower)');
  }

  async down(db: QueryRunner): Promise<void> {
    const on = db.connection.options.type === 'mysql' ? ' ON organizations' : '';
    await db.query(`DROP INDEX organizations_name_lower${on}`);
    await db.query('ALTER TABLE organizations DROP COLUMN name_lower');
  }
}
