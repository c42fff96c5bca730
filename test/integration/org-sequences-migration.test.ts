import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';
import { buildOrg, buildOwner } from '../support/factories.js';

/**
 * OrgSequences on a database with organizations and their events: undone, done again. Each
 * organization's sequence and change date are its last event's.
 */
describeOnEachDatabase('The migration that gives organizations their sequence', (service) => {
  it('gives each organization made before the position and time of its last event', async () => {
    const { orgId } = await buildOrg(service);
    // A change recorded on the organization after it was made (org.added): its last event.
    const policy = await service.call('PUT', '/management/v1/policies/label', {
      token: (await buildOwner(service, { orgId })).token,
      body: { primaryColor: '#123456' },
    });
    expect(policy.status, policy.text).to.equal(200);
    const { dataSource } = service;
    await undoMigrationsThrough(dataSource, 'OrgSequences1764070000000');
    await dataSource.runMigrations({ transaction: 'each' });
    const [events] = (await dataSource.query(
      `SELECT MAX(position) AS position, COUNT(*) AS n FROM events
        WHERE aggregate_type = 'org' AND aggregate_id = ?`,
      [orgId],
    )) as { position: unknown; n: unknown }[];
    expect(Number(events!.n), 'org.added and the policy').to.equal(2);
    const [row] = (await dataSource.query(
      'SELECT sequence, change_date FROM organizations WHERE id = ?',
      [orgId],
    )) as { sequence: unknown; change_date: unknown }[];
    expect(String(row!.sequence)).to.equal(String(events!.position));
    expect(row!.change_date).to.not.equal(null);
  });
});
