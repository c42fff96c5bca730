import { expect } from 'chai';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';

/**
 * OrgUserCounts on a database whose user read model has rows already: undone, the rows changed
 * while no trigger counts, done again. Each organization's count is then its users but the
 * removed, and the triggers count what the worker writes after.
 */
describeOnEachDatabase('The organization user count migration, over existing rows', (service) => {
  it('counts the users already read, and then each one the worker adds or removes', async () => {
    const { dataSource } = service;
    const consumer = new UserReadModelConsumer(dataSource);
    const owner = await buildOwner(service);
    const imported = async (userName: string) => {
      const answer = await service.importUser(
        {
          userName,
          profile: { firstName: 'M', lastName: userName },
          email: { email: `${userName}@example.com` },
        },
        { token: owner.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const userId: string = answer.body.userId;
      const events = (await service.events(userId)).map((event) => toCloudEvent(event, 'urn:test'));
      return { userId, events };
    };
    const before = await Promise.all(['old-a', 'old-b', 'old-c'].map(imported));
    for (const { events } of before) await consumer.performAll(events);
    const count = async () => {
      const [row] = (await dataSource.query('SELECT users FROM org_user_counts WHERE org_id = ?', [
        owner.orgId,
      ])) as { users: number | string }[];
      return row && Number(row.users);
    };
    expect(await count()).to.equal(3);

    await undoMigrationsThrough(dataSource, 'OrgUserCounts1764620000000');
    // Written while nothing counts: one removed, one more added.
    await dataSource.query("UPDATE user_read_models SET state = 'removed' WHERE id = ?", [
      before[0]!.userId,
    ]);
    const during = await imported('during');
    await consumer.performAll(during.events);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await count(), 'counted by the migration').to.equal(3);

    const after = await imported('after');
    await consumer.performAll([...after.events, ...during.events, ...after.events]);
    expect(await count(), 'one more, replays counted once').to.equal(4);
    const removed = await service.call('DELETE', `/management/v1/users/${after.userId}`, {
      token: owner.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
    const removal = (await service.events(after.userId)).map((event) =>
      toCloudEvent(event, 'urn:test'),
    );
    await consumer.performAll([...removal, ...removal]);
    expect(await count(), 'the removed one no more').to.equal(3);
  });
});
