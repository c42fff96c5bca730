import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createOrganization } from '../../services/api/admin/organizations.js';
import { uniqueNameKey } from '../../shared/unique-name-key.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';
import { buildOrg } from '../support/factories.js';

/**
 * OrgNames on a database that has organizations already, some named alike: undone, rows of
 * before added, done again. Each gets its name's key (NFC, Unicode lower case, as AddOrg makes
 * it); of those named alike the oldest keeps the plain key and the later ones their id after it,
 * keeping their names; no new organization can take any of them.
 */
describeOnEachDatabase('The organization names migration, over existing rows', (service) => {
  it('keys every existing organization, the later of those named alike by their id too', async () => {
    const made = await buildOrg(service);
    const { dataSource } = service;
    await undoMigrationsThrough(dataSource, 'OrgNames1764060000000');
    const older = [
      { name: 'Acme', at: '2026-01-01 00:00:00.000' },
      { name: ' ACME ', at: '2026-01-02 00:00:00.000' },
      { name: 'Jose\u0301', at: '2026-01-01 00:00:00.000' },
      { name: 'JOSÉ', at: '2026-01-03 00:00:00.000' },
    ].map((org) => ({ ...org, id: randomUUID() }));
    for (const org of older)
      await dataSource.query(
        `INSERT INTO organizations (id, name, state, version, created_at)
         VALUES (?, ?, 'active', 0, ?)`,
        [org.id, org.name, org.at],
      );
    await dataSource.runMigrations({ transaction: 'each' });

    const keyOf = async (id: string) =>
      (
        (await dataSource.query('SELECT name, name_lower FROM organizations WHERE id = ?', [
          id,
        ])) as { name: string; name_lower: string }[]
      )[0];
    const [acme, laterAcme, jose, laterJose] = older;
    expect(await keyOf(made.orgId)).to.deep.equal({
      name: made.name,
      name_lower: uniqueNameKey(made.name),
    });
    expect(await keyOf(acme!.id)).to.deep.equal({ name: 'Acme', name_lower: 'acme' });
    expect(await keyOf(laterAcme!.id)).to.deep.equal({
      name: ' ACME ',
      name_lower: `acme ${laterAcme!.id}`,
    });
    expect((await keyOf(jose!.id))!.name_lower).to.equal('josé'.normalize('NFC'));
    expect((await keyOf(laterJose!.id))!.name_lower).to.equal(`josé ${laterJose!.id}`);
    for (const taken of ['acme', 'JOSE\u0301'])
      await createOrganization(dataSource, taken).then(
        () => expect.fail(`${taken} was taken again`),
        (error: { id?: string }) => expect(error.id).to.equal('ORG-NAME-ALREADY-EXISTS'),
      );
  });
});
