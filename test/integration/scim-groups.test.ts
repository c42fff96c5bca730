import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import { buildScimProject, expectScimError, scimCall } from '../support/scim-calls.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
const groupId = (key: string) => Buffer.from(key).toString('base64url');

describeOnEachDatabase(
  'SCIM 2.0 Groups: a project role, its members user grants',
  (service) => {
    let owner: BuiltMember;
    let pat: string;
    let projectId: string;
    let base: string;
    let people: { id: string; displayName: string }[];

    const scim = (method: string, path: string, options: Parameters<typeof scimCall>[4] = {}) =>
      scimCall(service, base, method, path, { token: pat, ...options });

    /** The project's roles as ListProjectRoles answers them. */
    const roles = async () => {
      const listed = await service.call(
        'POST',
        `/management/v1/projects/${projectId}/roles/_search`,
        {
          token: owner.token,
          body: {},
        },
      );
      expect(listed.status, listed.text).to.equal(200);
      return listed.body.result as { key: string; displayName: string }[];
    };

    /** The project's user grants as ListUserGrants answers them: the roles of each user. */
    const grants = async () => {
      const listed = await service.call('POST', '/management/v1/users/grants/_search', {
        token: owner.token,
        body: { queries: [{ projectIdQuery: { projectId } }] },
      });
      expect(listed.status, listed.text).to.equal(200);
      const result = listed.body.result as { userId: string; roleKeys: string[] }[];
      return Object.fromEntries(result.map((grant) => [grant.userId, [...grant.roleKeys].sort()]));
    };

    const eventTypes = async (aggregateId: string) =>
      (await service.events(aggregateId)).map((event) => event.type);

    const createGroup = async (displayName: string, members: string[] = []) => {
      const created = await scim('POST', '/Groups', {
        body: { schemas: [GROUP], displayName, members: members.map((value) => ({ value })) },
      });
      expect(created.status, created.text).to.equal(201);
      return created.body;
    };

    before(async () => {
      ({ owner, pat, projectId, base } = await buildScimProject(service));
      people = [];
      for (const name of ['Ada', 'Grace', 'Linus']) people.push(await person(name));
    });

    /** A person made through the project's endpoint, which serves the organization's Users too. */
    const person = async (name: string) => {
      const made = await scim('POST', '/Users', {
        body: {
          schemas: [USER],
          userName: unique(name),
          name: { givenName: name, familyName: 'Tester' },
          displayName: `${name} T.`,
          emails: [{ value: `${unique(name)}@example.com` }],
        },
      });
      expect(made.status, made.text).to.equal(201);
      return { id: made.body.id as string, displayName: made.body.displayName as string };
    };

    it("describes Groups at the project's endpoint, and none at the organization's", async () => {
      const types = await scim('GET', '/ResourceTypes');
      expect(types.body.Resources.map((type: { id: string }) => type.id)).to.deep.equal([
        'User',
        'Group',
      ]);
      const group = await scim('GET', '/ResourceTypes/Group');
      expect(group.body).to.include({ id: 'Group', endpoint: '/Groups', schema: GROUP });
      const schema = await scim('GET', `/Schemas/${GROUP}`);
      expect(schema.status, schema.text).to.equal(200);
      expect(schema.body.attributes.map((a: { name: string }) => a.name)).to.include.members([
        'displayName',
        'members',
      ]);
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.body.bulk).to.include({ supported: true, maxOperations: 1000 });

      const atOrg = (path: string) => scimCall(service, owner.orgId, 'GET', path, { token: pat });
      const groups = await atOrg('/Groups');
      expectScimError(groups, 404);
      expect(groups.body.detail).to.include('/projects/{projectId}/Groups');
      expectScimError(await atOrg(`/Groups/${groupId('x')}`), 404);
      expectScimError(await atOrg('/ResourceTypes/Group'), 404);
      const orgTypes = await atOrg('/ResourceTypes');
      expect(orgTypes.body.Resources.map((type: { id: string }) => type.id)).to.deep.equal([
        'User',
      ]);
    });

    it('creates a Group as a role (AddProjectRole) and its members as user grants (AddUserGrant)', async () => {
      const displayName = unique('Sales Team');
      const key = displayName.replace(' ', '_');
      const created = await scim('POST', '/Groups', {
        body: {
          schemas: [GROUP],
          displayName,
          members: [{ value: people[0]!.id }, { value: people[1]!.id, display: 'ignored' }],
        },
      });
      expect(created.status, created.text).to.equal(201);
      expect(created.headers.get('content-type')).to.match(/^application\/scim\+json/);
      const group = created.body;
      expect(group).to.include({ id: groupId(key), displayName });
      expect(group.schemas).to.deep.equal([GROUP]);
      expect(group.id).to.match(/^[A-Za-z0-9_-]+$/);
      const usersBase = group.meta.location.replace(/\/projects\/.*$/, '');
      expect(group.members).to.have.deep.members(
        people.slice(0, 2).map(({ id, displayName: display }) => ({
          value: id,
          $ref: `${usersBase}/Users/${id}`,
          display,
          type: 'User',
        })),
      );
      expect(group.meta).to.include({ resourceType: 'Group' });
      expect(group.meta.location).to.match(new RegExp(`/scim/v2/${base}/Groups/${group.id}$`));
      expect(group.meta.version).to.match(/^W\/"\d+\.\d+"$/);
      expect(created.headers.get('location')).to.equal(group.meta.location);
      expect(created.headers.get('etag')).to.equal(group.meta.version);

      expect((await roles()).find((role) => role.key === key)).to.include({ displayName });
      const held = await grants();
      expect(held[people[0]!.id]).to.include(key);
      expect(held[people[1]!.id]).to.include(key);
      expect(held[people[2]!.id] ?? []).not.to.include(key);
      expect(await eventTypes(projectId)).to.include('project.role.added');
      expect(await eventTypes(people[0]!.id)).to.include('user.grant.added');

      const read = await scim('GET', `/Groups/${group.id}`);
      expect(read.status, read.text).to.equal(200);
      expect(read.body).to.deep.equal(group);
      expect(read.headers.get('etag')).to.equal(group.meta.version);

      expectScimError(
        await scim('POST', '/Groups', { body: { schemas: [GROUP], displayName } }),
        409,
        'uniqueness',
      );
    });

    it('lists Groups with filters on displayName, id and members, pages, and members left out', async () => {
      const first = await createGroup(unique('Listed'), [people[2]!.id]);
      const second = await createGroup(unique('Listed'));

      const byName = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent(`displayName eq "${first.displayName.toUpperCase()}"`)}`,
      );
      expect(byName.status, byName.text).to.equal(200);
      expect(byName.body).to.include({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
      // One version for all the project's Groups: the second group's role moved the first's.
      expect(byName.body.Resources).to.deep.equal([
        (await scim('GET', `/Groups/${first.id}`)).body,
      ]);

      const byId = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent(`id eq "${second.id}"`)}`,
      );
      expect(byId.body.Resources.map((g: { id: string }) => g.id)).to.deep.equal([second.id]);
      const noSuchId = await scim('GET', `/Groups?filter=${encodeURIComponent('id eq "%%%"')}`);
      expect(noSuchId.body).to.include({ totalResults: 0 });

      const byMember = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent(`members[value eq "${people[2]!.id}"]`)}`,
      );
      expect(byMember.body.Resources.map((g: { id: string }) => g.id)).to.deep.equal([first.id]);

      const all = await scim('GET', '/Groups');
      const total = all.body.totalResults as number;
      expect(total).to.be.at.least(2);
      const page = await scim('GET', '/Groups?startIndex=2&count=1&excludedAttributes=members');
      expect(page.body).to.include({ totalResults: total, startIndex: 2, itemsPerPage: 1 });
      expect(page.body.Resources[0]).not.to.have.property('members');
      expect(page.body.Resources[0].id).to.equal(all.body.Resources[1].id);
      const counted = await scim('GET', '/Groups?count=0');
      expect(counted.body).to.include({ totalResults: total, itemsPerPage: 0 });

      for (const filter of [
        'displayName co "x"',
        'externalId eq "x"',
        'displayName eq 3',
        'nonsense ((',
      ]) {
        expectScimError(
          await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`),
          400,
          'invalidFilter',
        );
      }
    });

    it("PATCHes members as Entra and Okta send them: grants updated, the last key's grant removed", async () => {
      // Grace already holds another role of the project: her grant gains the key, then loses it.
      const other = await createGroup(unique('Other'), [people[1]!.id]);
      const group = await createGroup(unique('Patched'));
      const key = Buffer.from(group.id, 'base64url').toString();
      const otherKey = Buffer.from(other.id, 'base64url').toString();
      const patch = (...operations: unknown[]) =>
        scim('PATCH', `/Groups/${group.id}`, {
          body: { schemas: [PATCH], Operations: operations },
        });

      const alan = await person('Alan');
      const added = await patch({
        op: 'Add',
        path: 'members',
        value: [{ value: alan.id }, { value: people[1]!.id }],
      });
      expect(added.status, added.text).to.equal(200);
      expect(added.body.members.map((m: { value: string }) => m.value)).to.have.members([
        alan.id,
        people[1]!.id,
      ]);
      let held = await grants();
      expect(held[people[1]!.id]).to.include.members([key, otherKey]);
      expect(await eventTypes(people[1]!.id)).to.include('user.grant.changed');

      // Entra's removal: path "members", the members as value.
      const entra = await patch({
        op: 'Remove',
        path: 'members',
        value: [{ value: people[1]!.id }],
      });
      expect(entra.status, entra.text).to.equal(200);
      expect(entra.body.members.map((m: { value: string }) => m.value)).to.deep.equal([alan.id]);
      held = await grants();
      expect(held[people[1]!.id]).to.include(otherKey).and.not.include(key);

      // Okta's removal, by a value filter: Alan's grant held this key alone, so it goes.
      const okta = await patch({ op: 'remove', path: `members[value eq "${alan.id}"]` });
      expect(okta.status, okta.text).to.equal(200);
      expect(okta.body.members).to.deep.equal([]);
      expect(await grants()).not.to.have.property(alan.id);
      const alanGrants = (await eventTypes(alan.id)).filter((type) =>
        type.startsWith('user.grant'),
      );
      expect(alanGrants).to.deep.equal(['user.grant.added', 'user.grant.removed']);

      // A path-less replace (Okta renames so, with the id), and a rename by path.
      const renamed = await patch({
        op: 'replace',
        value: { id: group.id, displayName: 'Renamed' },
      });
      expect(renamed.status, renamed.text).to.equal(200);
      expect(renamed.body).to.include({ id: group.id, displayName: 'Renamed' });
      expect((await roles()).find((role) => role.key === key)!.displayName).to.equal('Renamed');
      expect(await eventTypes(projectId)).to.include('project.role.changed');

      // Nothing to change: the Group answered as it is, nothing recorded.
      const before = (await service.events(projectId)).length;
      const same = await patch({ op: 'Replace', path: 'displayName', value: 'Renamed' });
      expect(same.status, same.text).to.equal(200);
      expect(await service.events(projectId)).to.have.length(before);

      expectScimError(
        await patch({ op: 'replace', path: 'id', value: 'other' }),
        400,
        'mutability',
      );
      expectScimError(await patch({ op: 'move', path: 'members' }), 400, 'invalidValue');
      expectScimError(
        await patch({ op: 'add', path: 'members', value: [{ value: 'no-such-user' }] }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim('PATCH', `/Groups/${group.id}`, { body: { Operations: [] } }),
        400,
        'invalidValue',
      );
    });

    it('replaces a Group by PUT under If-Match, and removes it by DELETE (RemoveProjectRole)', async () => {
      const group = await createGroup(unique('Replaced'), [people[0]!.id]);
      const key = Buffer.from(group.id, 'base64url').toString();
      const put = (ifMatch: string, members: string[]) =>
        scim('PUT', `/Groups/${group.id}`, {
          ifMatch,
          body: {
            schemas: [GROUP],
            displayName: 'Put',
            members: members.map((value) => ({ value })),
          },
        });

      const stale = await put('W/"1.0"', [people[2]!.id]);
      expectScimError(stale, 412);
      expect((await grants())[people[2]!.id] ?? []).not.to.include(key);

      const replaced = await put(group.meta.version, [people[2]!.id]);
      expect(replaced.status, replaced.text).to.equal(200);
      expect(replaced.body.displayName).to.equal('Put');
      expect(replaced.body.members.map((m: { value: string }) => m.value)).to.deep.equal([
        people[2]!.id,
      ]);
      expect(replaced.body.meta.version).not.to.equal(group.meta.version);
      const held = await grants();
      expect(held[people[2]!.id]).to.include(key);
      expect(held[people[0]!.id] ?? []).not.to.include(key);

      expectScimError(
        await scim('DELETE', `/Groups/${group.id}`, { ifMatch: group.meta.version }),
        412,
      );
      expect((await roles()).map((role) => role.key)).to.include(key);
      const removed = await scim('DELETE', `/Groups/${group.id}`, {
        ifMatch: replaced.body.meta.version,
      });
      expect(removed.status, removed.text).to.equal(204);
      expect((await roles()).map((role) => role.key)).not.to.include(key);
      expect(await eventTypes(projectId)).to.include('project.role.removed');
      expectScimError(await scim('GET', `/Groups/${group.id}`), 404);
      expectScimError(await scim('DELETE', `/Groups/${group.id}`), 404);
    });

    it('refuses bad Groups with scimType, and strangers with 401 and 403 before anything', async () => {
      expectScimError(
        await scim('POST', '/Groups', { body: { displayName: 'x' } }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim('POST', '/Groups', { body: { schemas: [GROUP], displayName: ' ' } }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim('POST', '/Groups', { body: '{"displayName":' }),
        400,
        'invalidSyntax',
      );
      expectScimError(await scim('POST', '/Groups', { body: '[1]' }), 400, 'invalidSyntax');
      expectScimError(await scim('GET', '/Groups/not-a-group'), 404);
      expectScimError(
        await scim('PUT', '/Groups/x', { body: 'displayName=x', contentType: 'text/plain' }),
        415,
      );

      const rolesBefore = (await roles()).length;
      const body = { schemas: [GROUP], displayName: unique('Refused') };
      // A member who is no person here: refused before the role is made.
      const stranger = await buildOwner(service);
      expectScimError(
        await scim('POST', '/Groups', { body: { ...body, members: [{ value: stranger.userId }] } }),
        400,
        'invalidValue',
      );
      expectScimError(await scimCall(service, base, 'POST', '/Groups', { body }), 401);
      expectScimError(await scimCall(service, base, 'GET', '/Groups', { token: 'nonsense' }), 401);
      const manager = await buildMachine(service, { roles: ['ORG_USER_MANAGER'], owner });
      const managerPat = (await addPersonalAccessToken(service, manager)).token;
      expectScimError(
        await scimCall(service, base, 'POST', '/Groups', { token: managerPat, body }),
        403,
      );
      expectScimError(
        await scimCall(service, base, 'GET', '/Groups', { token: stranger.token }),
        403,
      );
      // A project of another organization is not found in this one.
      const foreign = await buildProject(service, { orgId: stranger.orgId });
      expectScimError(
        await scimCall(service, `${owner.orgId}/projects/${foreign.projectId}`, 'GET', '/Groups', {
          token: pat,
        }),
        404,
      );
      expect(await roles()).to.have.length(rolesBefore);
    });
  },
  { KAFKA_BROKERS: '' },
);
