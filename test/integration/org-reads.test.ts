import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOrg, buildOwner, type BuiltMember } from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';

describeOnEachDatabase(
  'Reading organizations: GetMyOrg, ListOrgMembers and ListOrgs from the tables written',
  (service) => {
    const getMyOrg = (caller: BuiltMember, orgId?: string) =>
      service.call('GET', '/management/v1/orgs/me', {
        token: caller.token,
        ...(orgId && { orgId }),
      });
    const listMembers = (caller: BuiltMember, body: object) =>
      service.call('POST', '/management/v1/orgs/me/members/_search', {
        token: caller.token,
        body,
      });

    it('reads the target organization as stored, with its last event’s sequence as its ETag', async () => {
      const { orgId } = await buildOrg(service, { name: 'Acme Rockets' });
      const owner = await buildOwner(service, { orgId });
      const read = await getMyOrg(owner);
      expect(read.status, read.text).to.equal(200);
      expect(read.body.org).to.deep.include({
        id: orgId,
        name: 'Acme Rockets',
        state: 'ORG_STATE_ACTIVE',
      });
      expect(read.body.org.details).to.have.keys(
        'sequence',
        'creationDate',
        'changeDate',
        'resourceOwner',
      );
      expect(read.body.org.details.resourceOwner).to.equal(orgId);
      // The owner made a member: the organization's last event.
      const [last] = await service.dataSource.query(
        "SELECT MAX(position) AS position FROM events WHERE aggregate_type = 'org' AND aggregate_id = ?",
        [orgId],
      );
      expect(read.body.org.details.sequence).to.equal(String(last.position));
      expect(read.headers.get('etag')).to.equal(`"${last.position}"`);
    });

    it('reads another organization for an IAM_OWNER, and for no one else', async () => {
      const { orgId } = await buildOrg(service, { name: 'Elsewhere' });
      const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      const read = await getMyOrg(admin, orgId);
      expect(read.status, read.text).to.equal(200);
      expect(read.body.org.name).to.equal('Elsewhere');
      expectErrorOf(await getMyOrg(await buildOwner(service), orgId), 'AUTH-PERMISSION-DENIED');
      const manager = await buildMember(service, { roles: ['ORG_USER_MANAGER'] });
      expectErrorOf(await getMyOrg(manager), 'AUTH-PERMISSION-DENIED');
    });

    it('lists the members with their roles, people and machine users, a page at a time', async () => {
      const owner = await buildOwner(service);
      const viewer = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_USER_VIEWER', 'ORG_PROJECT_VIEWER'],
      });
      const machine = await buildMachine(service, { owner, roles: ['ORG_USER_MANAGER'] });
      await buildMember(service, { orgId: owner.orgId, roles: [] });
      await buildOwner(service);

      const all = await listMembers(owner, {});
      expect(all.status, all.text).to.equal(200);
      expect(all.body.details.totalResult).to.equal('3');
      expect(Number(all.body.details.processedSequence)).to.be.greaterThan(0);
      const byId = new Map(
        (all.body.result as { userId: string }[]).map((member) => [member.userId, member]),
      );
      expect([...byId.keys()].sort()).to.deep.equal(
        [owner.userId, viewer.userId, machine.userId].sort(),
      );
      expect(byId.get(viewer.userId)).to.deep.include({
        roles: ['ORG_PROJECT_VIEWER', 'ORG_USER_VIEWER'],
        preferredLoginName: viewer.userName,
        email: `${viewer.userName}@example.com`,
        firstName: 'Test',
        lastName: 'Member',
        userType: 'TYPE_HUMAN',
      });
      expect(byId.get(machine.userId)).to.deep.include({
        roles: ['ORG_USER_MANAGER'],
        preferredLoginName: machine.userName,
        displayName: 'Provisioning job',
        userType: 'TYPE_MACHINE',
      });
      expect(byId.get(machine.userId)).to.not.have.any.keys('email', 'firstName');

      const one = await listMembers(owner, {
        queries: [{ userIdQuery: { userId: viewer.userId } }],
      });
      expect(
        (one.body.result as { userId: string }[]).map((member) => member.userId),
      ).to.deep.equal([viewer.userId]);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listMembers(owner, { query: { limit: 2, asc: true, cursor } });
        expect(page.status, page.text).to.equal(200);
        expect(page.body.details.totalResult).to.equal('3');
        seen.push(...(page.body.result as { userId: string }[]).map((member) => member.userId));
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal([...byId.keys()].sort());
    });

    it('lists every organization for an IAM_OWNER, by name and state, in name order, by cursor', async () => {
      const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      const prefix = `Listed ${Date.now().toString(36)}`;
      const ids: string[] = [];
      for (const name of ['b', 'A', 'c'])
        ids.push((await buildOrg(service, { name: `${prefix} ${name}` })).orgId);
      await service.dataSource.query("UPDATE organizations SET state = 'inactive' WHERE id = ?", [
        ids[2],
      ]);
      const listOrgs = (caller: BuiltMember, body: object) =>
        service.call('POST', '/admin/v1/orgs/_search', { token: caller.token, body });
      const byName = {
        nameQuery: {
          name: prefix.toLowerCase(),
          method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
        },
      };

      const all = await listOrgs(admin, {
        queries: [byName],
        sortingColumn: 'ORG_FIELD_NAME_NAME',
        query: { asc: true },
      });
      expect(all.status, all.text).to.equal(200);
      expect(all.body.sortingColumn).to.equal('ORG_FIELD_NAME_NAME');
      expect(all.body.details.totalResult).to.equal('3');
      expect(all.body.result.map((org: { name: string }) => org.name)).to.deep.equal([
        `${prefix} A`,
        `${prefix} b`,
        `${prefix} c`,
      ]);
      expect(all.body.result[2]).to.deep.include({ id: ids[2], state: 'ORG_STATE_INACTIVE' });

      const active = await listOrgs(admin, {
        queries: [byName, { stateQuery: { state: 'ORG_STATE_ACTIVE' } }],
      });
      expect(active.body.result.map((org: { id: string }) => org.id).sort()).to.deep.equal(
        [ids[0], ids[1]].sort(),
      );

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listOrgs(admin, {
          queries: [byName],
          sortingColumn: 'ORG_FIELD_NAME_NAME',
          query: { limit: 1, cursor },
        });
        expect(page.body.details.totalResult).to.equal('3');
        seen.push(...page.body.result.map((org: { name: string }) => org.name));
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal([`${prefix} c`, `${prefix} b`, `${prefix} A`]);

      expectErrorOf(await listOrgs(await buildOwner(service), {}), 'AUTH-PERMISSION-DENIED');
    });

    it('shows a member removed at once, and refuses a foreign cursor', async () => {
      const owner = await buildOwner(service);
      const member = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      const removed = await service.call(
        'DELETE',
        `/management/v1/orgs/me/members/${member.userId}`,
        { token: owner.token },
      );
      expect(removed.status, removed.text).to.equal(200);
      const after = await listMembers(owner, {});
      expect((after.body.result as { userId: string }[]).map((each) => each.userId)).to.deep.equal([
        owner.userId,
      ]);
      expectErrorOf(await listMembers(owner, { query: { cursor: 'x' } }), 'REQUEST-INVALID');
    });
  },
  { KAFKA_BROKERS: '' },
);
