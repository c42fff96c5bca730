import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { UserGrant, UserGrantReadModel } from '../../shared/db/entities/index.js';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserGrantReadModelConsumer } from '../../services/worker/consumers/read-models/user-grant-read-model.consumer.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildProject } from '../support/factories.js';
import { eventually } from '../support/read-model-expectations.js';

/** What both sides say of a grant, of the users given. */
const grantsOfUsers = (grants: UserGrant[], userIds: string[]) =>
  grants
    .filter((grant) => userIds.includes(grant.userId))
    .map(({ id, userId, projectId, projectGrantId, roleKeys }) => ({
      id,
      userId,
      projectId,
      projectGrantId,
      roleKeys,
    }));

/** The grants as the write side holds them. */
const grantsOf = async (dataSource: DataSource, userIds: string[]) =>
  grantsOfUsers(await dataSource.getRepository(UserGrant).find({ order: { id: 'ASC' } }), userIds);

/** The grants as the read model holds them, removed ones aside. */
const grantsRead = async (dataSource: DataSource, userIds: string[]) =>
  grantsOfUsers(
    await dataSource
      .getRepository(UserGrantReadModel)
      .find({ where: { removed: false }, order: { id: 'ASC' } }),
    userIds,
  );

/**
 * The worker's read model of user grants: rebuilt from the `user.grant.*` events alone (who may
 * use what), idempotently, and kept by a running worker from the topic.
 */
describeOnEachDatabase('the read model of user grants', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  const manage = async (method: string, path: string, body?: unknown) => {
    const response = await service.call(method, `/management/v1${path}`, {
      token: owner.token,
      body,
    });
    expect(response.status, response.text).to.equal(200);
    return response.body;
  };

  /** Two users' grants: added, changed, one taken by a role's removal, one removed. */
  async function grantStory(): Promise<string[]> {
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const users = [
      (await buildMember(service, { orgId: owner.orgId })).userId,
      (await buildMember(service, { orgId: owner.orgId })).userId,
    ];
    for (const roleKey of ['keeper', 'vet', 'guide'])
      await manage('POST', `/projects/${projectId}/roles`, { roleKey, displayName: roleKey });
    const [first, second] = users as [string, string];
    const kept = await manage('POST', `/users/${first}/grants`, {
      projectId,
      roleKeys: ['keeper'],
    });
    await manage('PUT', `/users/${first}/grants/${kept.userGrantId}`, {
      roleKeys: ['keeper', 'vet'],
    });
    const gone = await manage('POST', `/users/${second}/grants`, { projectId, roleKeys: ['vet'] });
    await manage('DELETE', `/projects/${projectId}/roles/vet`);
    await manage('DELETE', `/users/${second}/grants/${gone.userGrantId}`);
    const other = (await buildProject(service, { orgId: owner.orgId })).projectId;
    await manage('POST', `/projects/${other}/roles`, { roleKey: 'guide', displayName: 'G' });
    await manage('POST', `/users/${second}/grants`, { projectId: other, roleKeys: ['guide'] });
    return users;
  }

  before(async () => {
    owner = await buildOwner(service);
  });

  it('is rebuilt from the events alone, and again or out of order they change nothing', async () => {
    const users = await grantStory();
    const events = (await Promise.all(users.map((id) => service.events(id))))
      .flat()
      .filter((event) => event.type.startsWith('user.grant.'))
      .map((event) => toCloudEvent(event, 'urn:test'));
    expect(events.map((event) => event.type)).to.have.members([
      'user.grant.added',
      'user.grant.changed',
      'user.grant.added',
      'user.grant.changed',
      'user.grant.changed',
      'user.grant.removed',
      'user.grant.added',
    ]);
    const consumer = new UserGrantReadModelConsumer(service.dataSource);
    await consumer.performAll(events);
    const expected = await grantsOf(service.dataSource, users);
    expect(expected).to.have.length(2);
    expect(await grantsRead(service.dataSource, users)).to.deep.equal(expected);
    await consumer.performAll([...events].reverse());
    for (const event of events) await consumer.perform(event);
    expect(await grantsRead(service.dataSource, users)).to.deep.equal(expected);
    const removed = await service.dataSource
      .getRepository(UserGrantReadModel)
      .findBy({ removed: true, orgId: owner.orgId });
    expect(removed.map((grant) => grant.roleKeys)).to.deep.equal([[]]);
  });

  it('is kept by a running worker from the published events', async () => {
    await service.startRelay();
    await service.startWorker();
    const users = await grantStory();
    await eventually(
      () => grantsRead(service.dataSource, users),
      () => grantsOf(service.dataSource, users),
    );
  });
});
