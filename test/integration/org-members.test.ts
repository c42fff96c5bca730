import { expect } from 'chai';
import { Organization } from '../../shared/db/entities/index.js';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  buildMember,
  buildOwner,
  buildProject,
  buildUser,
  type BuiltMember,
} from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';

/**
 * An organization's members (AddOrgMember, RemoveOrgMember) over JSON: the roles stored and what
 * they let a member do, the organization's events, and what is refused.
 */
describeOnEachDatabase('organization members: add and remove', (service) => {
  let owner: BuiltMember;

  before(async () => {
    owner = await buildOwner(service);
  });

  const members = '/management/v1/orgs/me/members';
  const add = (body: object, token = owner.token, orgId?: string) =>
    service.call('POST', members, { token, orgId, body });
  const remove = (userId: string, token = owner.token) =>
    service.call('DELETE', `${members}/${userId}`, { token });
  const rolesOf = async (userId: string, orgId = owner.orgId) =>
    (
      (await service.dataSource.query(
        'SELECT role FROM role_grants WHERE user_id = ? AND org_id = ? ORDER BY role',
        [userId, orgId],
      )) as { role: string }[]
    ).map((row) => row.role);
  const orgVersion = async (id = owner.orgId) =>
    (await service.dataSource.getRepository(Organization).findOneByOrFail({ id })).version;

  it('gives a human user roles (org.member.added on the organization), which it can use at once', async () => {
    const person = await buildMember(service, { orgId: owner.orgId });
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const update = () =>
      service.updateProject(projectId, { name: 'By a member' }, { token: person.token });
    expect((await update()).status).to.equal(403);
    const version = await orgVersion();
    const roles = ['ORG_PROJECT_OWNER', 'ORG_USER_MANAGER'];
    const added = await add({ userId: person.userId, roles });
    expect(added.status, added.text).to.equal(200);
    expect(added.body.details).to.include({ resourceOwner: owner.orgId });
    expect(await rolesOf(person.userId)).to.deep.equal(roles);
    const event = (await service.events(owner.orgId)).at(-1)!;
    expect(event).to.deep.include({
      type: 'org.member.added',
      aggregateType: 'org',
      aggregateId: owner.orgId,
      aggregateVersion: version + 1,
      orgId: owner.orgId,
      position: added.body.details.sequence,
    });
    expect(event.payload).to.deep.equal({ userId: person.userId, roles });
    expect(event.createdAt.toISOString()).to.equal(added.body.details.changeDate);
    expect(await orgVersion()).to.equal(version + 1);
    expect((await update()).status).to.equal(200);
  });

  it('gives a machine user of the organization roles', async () => {
    const machine = await buildMachine(service, { owner });
    const added = await add({ userId: machine.userId, roles: ['ORG_OWNER'] });
    expect(added.status, added.text).to.equal(200);
    expect(await rolesOf(machine.userId)).to.deep.equal(['ORG_OWNER']);
  });

  it('refuses a user of another organization or none, a member already, and bad roles', async () => {
    const stranger = await buildUser(service);
    const strangerMachine = await buildMachine(service);
    for (const userId of [stranger.userId, strangerMachine.userId, 'none'])
      expectErrorOf(await add({ userId, roles: ['ORG_OWNER'] }), 'USER-NOT-FOUND');
    expect(await rolesOf(stranger.userId, stranger.orgId)).to.deep.equal([]);
    const taken = await add({ userId: owner.userId, roles: ['ORG_USER_MANAGER'] });
    expectErrorOf(taken, 'ORG-MEMBER-ALREADY-EXISTS');
    expect(await rolesOf(owner.userId)).to.deep.equal(['ORG_OWNER']);
    const { userId } = await buildUser(service, { orgId: owner.orgId });
    for (const [roles, field] of [
      [[], 'roles'],
      [['IAM_OWNER'], 'roles[0]'],
      [['ORG_OWNER', 'ORG_OWNER'], 'roles'],
      [undefined, 'roles'],
    ] as const)
      expectErrorOf(await add({ userId, roles }), 'REQUEST-INVALID', [field]);
    expect(await rolesOf(userId)).to.deep.equal([]);
  });

  it('takes every role of a member (org.member.removed); a user who is none is not found', async () => {
    const person = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_MANAGER'] });
    await add({ userId: person.userId, roles: ['ORG_PROJECT_OWNER'] }).then((response) =>
      expectErrorOf(response, 'ORG-MEMBER-ALREADY-EXISTS'),
    );
    const removed = await remove(person.userId);
    expect(removed.status, removed.text).to.equal(200);
    expect(await rolesOf(person.userId)).to.deep.equal([]);
    const event = (await service.events(owner.orgId)).at(-1)!;
    expect(event).to.deep.include({
      type: 'org.member.removed',
      aggregateId: owner.orgId,
      position: removed.body.details.sequence,
      payload: { userId: person.userId },
    });
    expectErrorOf(await remove(person.userId), 'ORG-MEMBER-NOT-FOUND');
    const again = await add({ userId: person.userId, roles: ['ORG_PROJECT_OWNER'] });
    expect(again.status, 'a member again, with other roles').to.equal(200);
    expect(await rolesOf(person.userId)).to.deep.equal(['ORG_PROJECT_OWNER']);
  });

  it('needs org.member.write: an ORG_USER_MANAGER may not, an IAM_OWNER may in any organization', async () => {
    const manager = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_MANAGER'] });
    const { userId } = await buildUser(service, { orgId: owner.orgId });
    const denied = await add({ userId, roles: ['ORG_OWNER'] }, manager.token);
    expectErrorOf(denied, 'AUTH-PERMISSION-DENIED');
    expectErrorOf(await remove(owner.userId, manager.token), 'AUTH-PERMISSION-DENIED');
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const added = await add({ userId, roles: ['ORG_OWNER'] }, admin.token, owner.orgId);
    expect(added.status, added.text).to.equal(200);
    expect(await rolesOf(userId)).to.deep.equal(['ORG_OWNER']);
  });
});
