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
import type { ApiResponse } from '../support/service-client.js';
import { expectErrorOf } from '../support/service-error.js';

/**
 * An organization's members (AddOrgMember, UpdateOrgMember, RemoveOrgMember) over JSON: the roles stored and what
 * they let a member do, the organization's events, and what is refused.
 */
describeOnEachDatabase('organization members: add, change and remove', (service) => {
  let owner: BuiltMember;

  before(async () => {
    owner = await buildOwner(service);
  });

  const members = '/management/v1/orgs/me/members';
  const add = (body: object, token = owner.token, orgId?: string) =>
    service.call('POST', members, { token, orgId, body });
  const change = (userId: string, body: object, headers: Record<string, string> = {}) =>
    service.call('PUT', `${members}/${userId}`, { token: owner.token, body, headers });
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

  /** The organization's last event, after `version`, is `type` with `payload`, as answered. */
  const expectLastEvent = async (
    answered: ApiResponse,
    type: string,
    payload: object,
    version: number,
  ) => {
    const event = (await service.events(owner.orgId)).at(-1)!;
    expect(event).to.deep.include({
      type,
      aggregateType: 'org',
      aggregateId: owner.orgId,
      aggregateVersion: version + 1,
      orgId: owner.orgId,
      position: answered.body.details.sequence,
    });
    expect(event.payload).to.deep.equal(payload);
    expect(event.createdAt.toISOString()).to.equal(answered.body.details.changeDate);
    expect(await orgVersion()).to.equal(version + 1);
  };
  /** Roles no request may carry, and the field each is refused at. */
  const badRoles = [
    [[], 'roles'],
    [['IAM_OWNER'], 'roles[0]'],
    [['ORG_OWNER', 'ORG_OWNER'], 'roles'],
    [undefined, 'roles'],
  ] as const;

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
    await expectLastEvent(added, 'org.member.added', { userId: person.userId, roles }, version);
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
    for (const [roles, field] of badRoles)
      expectErrorOf(await add({ userId, roles }), 'REQUEST-INVALID', [field]);
    expect(await rolesOf(userId)).to.deep.equal([]);
  });

  it('replaces the roles of a member (org.member.changed), which hold at once', async () => {
    const person = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_MANAGER'] });
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const update = () =>
      service.updateProject(projectId, { name: 'By a changed member' }, { token: person.token });
    expect((await update()).status).to.equal(403);
    const version = await orgVersion();
    const roles = ['ORG_PROJECT_OWNER', 'ORG_USER_VIEWER'];
    const changed = await change(person.userId, { roles });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.details).to.include({ resourceOwner: owner.orgId });
    expect(await rolesOf(person.userId)).to.deep.equal(roles);
    const payload = { userId: person.userId, roles };
    await expectLastEvent(changed, 'org.member.changed', payload, version);
    expect((await update()).status, 'ORG_PROJECT_OWNER now').to.equal(200);
    const denied = await service.call('POST', '/management/v1/users/human/_import', {
      token: person.token,
      body: {},
    });
    expectErrorOf(denied, 'AUTH-PERMISSION-DENIED');
  });

  it('changes nothing and records nothing for the roles a member holds, in any order', async () => {
    const roles = ['ORG_USER_MANAGER', 'ORG_PROJECT_OWNER'];
    const person = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
    const first = await change(person.userId, { roles });
    expect(first.status, first.text).to.equal(200);
    const version = await orgVersion();
    const again = await change(person.userId, { roles: [...roles].reverse() });
    expect(again.status, again.text).to.equal(200);
    expect(again.body.details).to.deep.equal(first.body.details);
    expect(await orgVersion()).to.equal(version);
    expect((await service.events(owner.orgId)).at(-1)!.position).to.equal(
      first.body.details.sequence,
    );
    expect(await rolesOf(person.userId)).to.deep.equal([...roles].sort());
  });

  it('refuses to change a user who is no member, and bad roles', async () => {
    const { userId } = await buildUser(service, { orgId: owner.orgId });
    const stranger = await buildMember(service, { roles: ['ORG_OWNER'] });
    for (const id of [userId, stranger.userId, 'none'])
      expectErrorOf(await change(id, { roles: ['ORG_OWNER'] }), 'ORG-MEMBER-NOT-FOUND');
    expect(await rolesOf(userId)).to.deep.equal([]);
    expect(await rolesOf(stranger.userId, stranger.orgId)).to.deep.equal(['ORG_OWNER']);
    const person = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_MANAGER'] });
    for (const [roles, field] of badRoles)
      expectErrorOf(await change(person.userId, { roles }), 'REQUEST-INVALID', [field]);
    expect(await rolesOf(person.userId)).to.deep.equal(['ORG_USER_MANAGER']);
  });

  it('refuses a stale If-Match (the organization’s ETag), changing nothing', async () => {
    const person = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_MANAGER'] });
    const first = await change(person.userId, { roles: ['ORG_USER_VIEWER'] });
    expect(first.status, first.text).to.equal(200);
    const etag = `"${first.body.details.sequence}"`;
    const other = await buildUser(service, { orgId: owner.orgId });
    expect((await add({ userId: other.userId, roles: ['ORG_USER_VIEWER'] })).status).to.equal(200);
    const stale = await change(person.userId, { roles: ['ORG_OWNER'] }, { 'if-match': etag });
    expectErrorOf(stale, 'RESOURCE-CHANGED');
    expect(await rolesOf(person.userId)).to.deep.equal(['ORG_USER_VIEWER']);
    const { position } = (await service.events(owner.orgId)).at(-1)!;
    const current = await change(
      person.userId,
      { roles: ['ORG_OWNER'] },
      { 'if-match': `"${position}"` },
    );
    expect(current.status, current.text).to.equal(200);
    expect(await rolesOf(person.userId)).to.deep.equal(['ORG_OWNER']);
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
    const changed = await service.call('PUT', `${members}/${owner.userId}`, {
      token: manager.token,
      body: { roles: ['ORG_USER_VIEWER'] },
    });
    expectErrorOf(changed, 'AUTH-PERMISSION-DENIED');
    expect(await rolesOf(owner.userId)).to.deep.equal(['ORG_OWNER']);
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const added = await add({ userId, roles: ['ORG_OWNER'] }, admin.token, owner.orgId);
    expect(added.status, added.text).to.equal(200);
    expect(await rolesOf(userId)).to.deep.equal(['ORG_OWNER']);
  });
});
