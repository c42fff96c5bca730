import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { MachineUser } from '../../shared/db/entities/index.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import { buildMachine, manageMachine, type BuiltMachine } from '../support/machine-users.js';
import { issuedToken, tokensOf } from '../support/issued-tokens.js';
import { expectErrorOf } from '../support/service-error.js';

/**
 * The machine user operations' lifecycle over JSON (AddMachineUser, UpdateMachineUser,
 * DeactivateMachineUser, ReactivateMachineUser, RemoveMachineUser): what is answered, stored and
 * recorded, and what is refused.
 */
describeOnEachDatabase('machine users: add, update, deactivate, reactivate, remove', (service) => {
  let owner: BuiltMember;

  before(async () => {
    owner = await buildOwner(service);
  });

  const add = (body: object, as: BuiltMember = owner) =>
    service.call('POST', '/management/v1/users/machine', { token: as.token, body });
  const row = (id: string) => service.dataSource.getRepository(MachineUser).findOneBy({ id });
  const lastEvent = async (id: string) => (await service.events(id)).at(-1)!;

  it('adds a machine user, trimmed, with user.machine.added at the sequence it answers', async () => {
    const userName = `  importer-${randomBytes(4).toString('hex')}  `;
    const body = { userName, name: ' Ticket importer ', description: ' Nightly ' };
    const added = await add(body);
    expect(added.status, added.text).to.equal(200);
    const { userId, details } = added.body;
    expect(details).to.include({ resourceOwner: owner.orgId });
    expect(details.creationDate).to.equal(details.changeDate);
    const stored = (await row(userId))!;
    expect(stored).to.deep.include({
      orgId: owner.orgId,
      userName: userName.trim(),
      userNameLower: userName.trim().toLowerCase(),
      name: 'Ticket importer',
      description: 'Nightly',
      state: 'active',
      secretEncrypted: null,
      version: 1,
      sequence: details.sequence,
    });
    expect(stored.creationDate.toISOString()).to.equal(details.creationDate);
    const events = await service.events(userId);
    expect(events).to.have.length(1);
    expect(events[0]).to.deep.include({
      type: 'user.machine.added',
      aggregateType: 'user',
      aggregateVersion: 1,
      orgId: owner.orgId,
      position: details.sequence,
    });
    expect(events[0]!.payload).to.deep.equal({
      userName: userName.trim(),
      name: 'Ticket importer',
      description: 'Nightly',
    });
  });

  it('takes no description as empty, and refuses a userName another machine user has in any case, in any organization', async () => {
    const userName = `Shared-${randomBytes(4).toString('hex')}`;
    const first = await add({ userName, name: 'First' });
    expect(first.status, first.text).to.equal(200);
    expect((await row(first.body.userId))!.description).to.equal('');
    const elsewhere = await buildOwner(service);
    const before = await service.count('machine_users');
    const taken = await add({ userName: ` ${userName.toUpperCase()} `, name: 'Second' }, elsewhere);
    expectErrorOf(taken, 'MACHINE-USER-ALREADY-EXISTS');
    expect(await service.count('machine_users')).to.equal(before);
    const human = await add({ userName: owner.userName, name: 'A human’s name' });
    expect(human.status, 'a human user’s name is not a machine user’s').to.equal(200);
  });

  it('refuses a request that breaks the schema, naming every field', async () => {
    const refused = await add({
      userName: ' ',
      name: 'x'.repeat(201),
      description: 'd'.repeat(1001),
    });
    expectErrorOf(refused, 'REQUEST-INVALID', ['description', 'name', 'userName']);
    expectErrorOf(await add({ name: 'N', secret: 'x' }), 'REQUEST-INVALID');
  });

  describe('changes of a machine user', () => {
    let machine: BuiltMachine;

    before(async () => {
      machine = await buildMachine(service, { owner });
    });

    it('replaces its name and description (user.machine.changed); the same again records nothing', async () => {
      const update = { name: 'Provisioning', description: '' };
      const changed = await manageMachine(service, machine, 'PUT', '/machine', update);
      expect(changed.status, changed.text).to.equal(200);
      const event = await lastEvent(machine.userId);
      expect(event).to.deep.include({ type: 'user.machine.changed', aggregateVersion: 2 });
      expect(event.position).to.equal(changed.body.details.sequence);
      expect(event.payload).to.deep.equal({ userName: machine.userName, ...update });
      expect(await row(machine.userId)).to.deep.include({ ...update, version: 2 });
      const again = await manageMachine(service, machine, 'PUT', '/machine', {
        name: 'Provisioning',
      });
      expect(again.status, again.text).to.equal(200);
      expect(again.body.details).to.deep.equal(changed.body.details);
      expect(await service.events(machine.userId)).to.have.length(2);
    });

    it('deactivates it, revoking its tokens, and reactivates it; each refused in the state it makes', async () => {
      const token = await issuedToken(service, machine.userId);
      const otherMachine = (await buildMachine(service, { owner })).userId;
      await issuedToken(service, otherMachine);
      const deactivated = await manageMachine(service, machine, 'POST', '/machine/_deactivate', {});
      expect(deactivated.status, deactivated.text).to.equal(200);
      expect((await row(machine.userId))!.state).to.equal('inactive');
      expect(await lastEvent(machine.userId)).to.deep.include({
        type: 'user.machine.deactivated',
        position: deactivated.body.details.sequence,
      });
      expect(await tokensOf(service, machine.userId), `token ${token} revoked`).to.equal(0);
      expect(await tokensOf(service, otherMachine), "another machine's token").to.equal(1);
      const again = await manageMachine(service, machine, 'POST', '/machine/_deactivate', {});
      expectErrorOf(again, 'MACHINE-USER-NOT-ACTIVE');

      const reactivated = await manageMachine(service, machine, 'POST', '/machine/_reactivate', {});
      expect(reactivated.status, reactivated.text).to.equal(200);
      expect((await row(machine.userId))!.state).to.equal('active');
      expect((await lastEvent(machine.userId)).type).to.equal('user.machine.reactivated');
      const twice = await manageMachine(service, machine, 'POST', '/machine/_reactivate', {});
      expectErrorOf(twice, 'MACHINE-USER-NOT-INACTIVE');
      expect(await service.events(machine.userId)).to.have.length(4);
    });

    it('finds no machine user of another organization, nor a human user, nor none', async () => {
      const stranger = await buildMachine(service);
      for (const userId of [stranger.userId, owner.userId, 'none']) {
        for (const [method, path, body] of [
          ['PUT', '/machine', { name: 'X' }],
          ['DELETE', '/machine', undefined],
          ['POST', '/machine/_deactivate', {}],
          ['POST', '/machine/_reactivate', {}],
        ] as const) {
          const response = await manageMachine(service, { ...machine, userId }, method, path, body);
          expectErrorOf(response, 'MACHINE-USER-NOT-FOUND');
        }
      }
      expect(await service.events(stranger.userId)).to.have.length(1);
    });
  });

  it('removes a machine user with its keys, tokens and roles, recording user.machine.removed last', async () => {
    const machine = await buildMachine(service, { owner, roles: ['ORG_USER_MANAGER'] });
    const { userId } = machine;
    for (const [method, path] of [
      ['PUT', '/secret'],
      ['POST', '/keys'],
      ['POST', '/pats'],
    ] as const) {
      const response = await manageMachine(service, machine, method, path, {});
      expect(response.status, response.text).to.equal(200);
    }
    await issuedToken(service, userId);
    const kept = await buildMachine(service, { owner, roles: ['ORG_OWNER'] });
    const removed = await manageMachine(service, machine, 'DELETE', '/machine');
    expect(removed.status, removed.text).to.equal(200);
    expect(removed.body.details).to.include({ resourceOwner: owner.orgId });
    expect(await row(userId)).to.equal(null);
    for (const table of ['machine_keys', 'personal_access_tokens', 'role_grants'])
      expect(await service.count(table, 'user_id = ?', [userId]), table).to.equal(0);
    expect(await tokensOf(service, userId)).to.equal(0);
    expect(await service.count('role_grants', 'user_id = ?', [kept.userId])).to.equal(1);
    const events = await service.events(userId);
    expect(events.at(-1)).to.deep.include({
      type: 'user.machine.removed',
      aggregateVersion: events.length,
      position: removed.body.details.sequence,
      payload: { userName: machine.userName },
    });
    expectErrorOf(
      await manageMachine(service, machine, 'DELETE', '/machine'),
      'MACHINE-USER-NOT-FOUND',
    );
  });
});
