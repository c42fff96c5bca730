import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { expectSameUser } from '../support/scim-protocol.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, type BuiltMember } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import { pollUntil } from '../support/poll.js';
import { ENTERPRISE, expectScimError, LIST, person, scim, USER } from '../support/scim-client.js';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

describeOnEachDatabase(
  'SCIM 2.0 Users',
  (service) => {
    let owner: BuiltMember;
    let pat: string;

    before(async () => {
      // The read model's worker: a SCIM create answers the user as the read model shows it.
      await service.startWorker();
      owner = await buildOwner(service);
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'], owner });
      pat = (await addPersonalAccessToken(service, machine)).token;
    });

    it('describes what it supports: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
      const config = await scim(service, owner.orgId, 'GET', '/ServiceProviderConfig', {
        token: pat,
      });
      expect(config.status, config.text).to.equal(200);
      expect(config.headers.get('content-type')).to.match(/^application\/scim\+json/);
      expect(config.body).to.deep.include({
        patch: { supported: true },
        filter: { supported: true, maxResults: 1000 },
        sort: { supported: true },
        etag: { supported: true },
        changePassword: { supported: false },
      });
      expect(config.body.bulk).to.deep.equal({
        supported: true,
        maxOperations: 1000,
        maxPayloadSize: 4194304,
      });

      const types = await scim(service, owner.orgId, 'GET', '/ResourceTypes');
      expect(types.body).to.include({ totalResults: 1 });
      expect(types.body.schemas).to.deep.equal([LIST]);
      expect(types.body.Resources[0]).to.include({ id: 'User', endpoint: '/Users', schema: USER });
      const type = await scim(service, owner.orgId, 'GET', '/ResourceTypes/User');
      expect(type.body).to.deep.equal(types.body.Resources[0]);

      const schemas = await scim(service, owner.orgId, 'GET', '/Schemas');
      expect(schemas.body.Resources.map((s: { id: string }) => s.id)).to.deep.equal([
        USER,
        ENTERPRISE,
      ]);
      const schema = await scim(service, owner.orgId, 'GET', `/Schemas/${USER}`);
      expect(schema.body).to.deep.equal(schemas.body.Resources[0]);
      const password = schema.body.attributes.find((a: { name: string }) => a.name === 'password');
      expect(password).to.include({ mutability: 'writeOnly', returned: 'never' });

      expectScimError(await scim(service, owner.orgId, 'GET', '/Schemas/urn:nothing'), 404);
      expectScimError(await scim(service, owner.orgId, 'GET', '/Groups'), 404);
    });

    it('creates a user through ImportHumanUser with a personal access token, and reads it back', async () => {
      const userName = unique('scim');
      const created = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: person(userName, {
          externalId: unique('ext'),
          displayName: 'Ada L.',
          nickName: 'ada',
          preferredLanguage: 'en-GB',
          phoneNumbers: [{ value: '+41791234567', type: 'mobile' }],
          password: 'Secr3t-Passw0rd!',
        }),
      });
      expect(created.status, created.text).to.equal(201);
      expect(created.headers.get('content-type')).to.match(/^application\/scim\+json/);
      const user = created.body;
      expect(user).to.include({ userName, displayName: 'Ada L.', nickName: 'ada', active: true });
      expect(user.schemas).to.deep.equal([USER]);
      expect(user.name).to.deep.equal({
        givenName: 'Ada',
        familyName: 'Lovelace',
        formatted: 'Ada Lovelace',
      });
      // The list is kept as given (its type too); its primary entry is the user's email.
      expect(user.emails).to.deep.equal([
        { value: `${userName}@example.com`, primary: true, type: 'work' },
      ]);
      expect(user.phoneNumbers).to.deep.equal([
        { value: '+41791234567', primary: true, type: 'mobile' },
      ]);
      expect(user.preferredLanguage).to.equal('en-GB');
      expect(user).not.to.have.property('password');
      expect(user.meta).to.include({ resourceType: 'User' });
      expect(user.meta.version).to.match(/^W\/"\d+"$/);
      expect(user.meta.location).to.match(new RegExp(`/scim/v2/${owner.orgId}/Users/${user.id}$`));
      expect(created.headers.get('location')).to.equal(user.meta.location);
      expect(created.text).not.to.include('Secr3t');

      // The same events as an import: the person is added, in the path's organization.
      const events: { type: string; org_id: string }[] = await service.dataSource.query(
        'SELECT type, org_id FROM events WHERE aggregate_id = ? ORDER BY position',
        [user.id],
      );
      expect(events[0]).to.deep.equal({ type: 'user.human.added', org_id: owner.orgId });

      const read = await scim(service, owner.orgId, 'GET', `/Users/${user.id}`, { token: pat });
      expect(read.status, read.text).to.equal(200);
      expect(read.body).to.deep.equal(user);
      const byManagement = await service.call('GET', `/management/v1/users/${user.id}`, {
        token: owner.token,
        orgId: owner.orgId,
      });
      expect(byManagement.body.user.userName).to.equal(userName);
    });

    it('refuses a taken userName (uniqueness), a bad user (invalidValue), bad JSON (invalidSyntax)', async () => {
      const userName = unique('taken');
      const first = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: person(userName),
      });
      expect(first.status, first.text).to.equal(201);
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          body: person(userName.toUpperCase()),
        }),
        409,
        'uniqueness',
      );
      const nameless = {
        schemas: [USER],
        userName: unique('nameless'),
        emails: [{ value: 'a@example.com' }],
      };
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', { token: pat, body: nameless }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', { token: pat, body: { userName: 'x' } }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', { token: pat, body: '{"userName":' }),
        400,
        'invalidSyntax',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', { token: pat, body: '[1]' }),
        400,
        'invalidSyntax',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          body: 'userName=x',
          contentType: 'text/plain',
        }),
        415,
      );
      // Plain JSON is accepted as well as SCIM's.
      const plain = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: person(unique('plain')),
        contentType: 'application/json',
      });
      expect(plain.status, plain.text).to.equal(201);
    });

    it('lists with filter, startIndex and count as ListUsers answers the same query', async () => {
      const tag = randomBytes(4).toString('hex');
      const names = ['alpha', 'beta', 'gamma', 'delta'].map((n) => `${n}-${tag}`);
      const ids: Record<string, string> = {};
      for (const [index, name] of names.entries()) {
        const made = await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          body: person(name, {
            name: { givenName: index % 2 ? 'Odd' : 'Even', familyName: `F${tag}` },
            externalId: `ext-${name}`,
          }),
        });
        expect(made.status, made.text).to.equal(201);
        ids[name] = made.body.id;
      }
      const cases: [string, unknown[]][] = [
        [
          `userName eq "ALPHA-${tag}"`,
          [
            {
              userNameQuery: {
                userName: `alpha-${tag}`,
                method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
              },
            },
          ],
        ],
        [
          `USERNAME sw "b" and name.familyName eq "f${tag}"`,
          [
            {
              userNameQuery: { userName: 'b', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' },
            },
            {
              lastNameQuery: {
                lastName: `F${tag}`,
                method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
              },
            },
          ],
        ],
        [
          `name.familyName eq "F${tag}" and not (name.givenName eq "odd")`,
          [{ lastNameQuery: { lastName: `F${tag}` } }, { firstNameQuery: { firstName: 'Even' } }],
        ],
        [
          `(userName ew "a-${tag}" or emails.value co "delta-${tag}@") and name.familyName eq "F${tag}"`,
          [
            { lastNameQuery: { lastName: `F${tag}` } },
            {
              orQuery: {
                queries: [
                  {
                    userNameQuery: { userName: `a-${tag}`, method: 'TEXT_QUERY_METHOD_ENDS_WITH' },
                  },
                  {
                    emailQuery: {
                      emailAddress: `delta-${tag}@`,
                      method: 'TEXT_QUERY_METHOD_CONTAINS',
                    },
                  },
                ],
              },
            },
          ],
        ],
        [
          `emails[value eq "GAMMA-${tag}@example.com"]`,
          [{ inUserEmailsQuery: { userEmails: [`gamma-${tag}@example.com`] } }],
        ],
        [
          `externalId eq "ext-beta-${tag}"`,
          [{ externalIdQuery: { externalId: `ext-beta-${tag}` } }],
        ],
        [
          `name.familyName eq "F${tag}" and userName ne "beta-${tag}" and active eq true`,
          [
            { lastNameQuery: { lastName: `F${tag}` } },
            { notQuery: { query: { userNameQuery: { userName: `beta-${tag}` } } } },
          ],
        ],
        [`id eq "${ids[names[2]!]}"`, [{ inUserIdsQuery: { userIds: [ids[names[2]!]] } }]],
      ];
      for (const [filter, queries] of cases) {
        const listed = await scim(
          service,
          owner.orgId,
          'GET',
          `/Users?filter=${encodeURIComponent(filter)}`,
          { token: pat },
        );
        expect(listed.status, `${filter}: ${listed.text}`).to.equal(200);
        const expected = await service.call('POST', '/management/v1/users/_search', {
          token: owner.token,
          orgId: owner.orgId,
          body: { query: { asc: true }, queries },
        });
        expect(expected.status, expected.text).to.equal(200);
        const want = (expected.body.result ?? []).map((u: { id: string }) => u.id);
        expect(want.length, filter).to.be.greaterThan(0);
        expect(
          listed.body.Resources.map((u: { id: string }) => u.id),
          filter,
        ).to.deep.equal(want);
        expect(listed.body).to.include({
          totalResults: want.length,
          itemsPerPage: want.length,
          startIndex: 1,
        });
        expect(listed.body.schemas).to.deep.equal([LIST]);
      }

      // sortBy/sortOrder as ListUsers' sortingColumn and asc; POST .search answers the same.
      const family = encodeURIComponent(`name.familyName eq "F${tag}"`);
      const sorted = await scim(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${family}&sortBy=NAME.givenName&sortOrder=Descending`,
        { token: pat },
      );
      expect(sorted.status, sorted.text).to.equal(200);
      const bySearch = await service.call('POST', '/management/v1/users/_search', {
        token: owner.token,
        orgId: owner.orgId,
        body: {
          query: { asc: false },
          sortingColumn: 'USER_FIELD_NAME_FIRST_NAME',
          queries: [{ lastNameQuery: { lastName: `F${tag}` } }],
        },
      });
      const sortedIds = sorted.body.Resources.map((u: { id: string }) => u.id);
      expect(sortedIds).to.deep.equal(bySearch.body.result.map((u: { id: string }) => u.id));
      expect(
        sorted.body.Resources.map((u: { name: { givenName: string } }) => u.name.givenName),
      ).to.deep.equal(['Odd', 'Odd', 'Even', 'Even']);
      const searched = await scim(service, owner.orgId, 'POST', '/Users/.search', {
        token: pat,
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
          filter: `name.familyName eq "F${tag}"`,
          sortBy: 'name.givenName',
          sortOrder: 'descending',
          startIndex: 1,
          count: 10,
        },
      });
      expect(searched.status, searched.text).to.equal(200);
      expect(searched.body).to.deep.equal(sorted.body);
      expectScimError(
        await scim(service, owner.orgId, 'GET', '/Users?sortBy=title', { token: pat }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'GET', '/Users?sortOrder=up', { token: pat }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users/.search', {
          token: pat,
          body: { filter: 'x eq' },
        }),
        400,
        'invalidFilter',
      );

      // A page: startIndex is 1-based; count 0 answers totalResults alone.
      const page = await scim(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${family}&startIndex=2&count=2`,
        { token: pat },
      );
      expect(page.body).to.include({ totalResults: 4, itemsPerPage: 2, startIndex: 2 });
      expect(page.body.Resources.map((u: { userName: string }) => u.userName)).to.deep.equal(
        names.slice(1, 3),
      );
      const counted = await scim(service, owner.orgId, 'GET', `/Users?filter=${family}&count=0`, {
        token: pat,
      });
      expect(counted.body).to.include({ totalResults: 4, itemsPerPage: 0 });
      expect(counted.body.Resources).to.deep.equal([]);
      // Okta's connection test.
      const okta = await scim(service, owner.orgId, 'GET', '/Users?startIndex=1&count=2', {
        token: pat,
      });
      expect(okta.status, okta.text).to.equal(200);
      expect(okta.body.itemsPerPage).to.equal(2);
      // Machine users are no SCIM Users.
      expect(okta.body.Resources.every((u: { emails?: unknown }) => u.emails)).to.equal(true);

      for (const bad of [
        'userName eq',
        'userName xx "a"',
        'userName gt 1',
        'meta.created gt "2020-01-01"',
        'title eq "x"',
        'active eq "yes"',
      ])
        expectScimError(
          await scim(service, owner.orgId, 'GET', `/Users?filter=${encodeURIComponent(bad)}`, {
            token: pat,
          }),
          400,
          'invalidFilter',
        );
      expectScimError(
        await scim(service, owner.orgId, 'GET', '/Users?count=x', { token: pat }),
        400,
        'invalidValue',
      );
    });

    it("changes a user with PATCH (Entra ID's forms too) and PUT, through the operations' commands", async () => {
      const userName = unique('patch');
      const made = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: person(userName, { phoneNumbers: [{ value: '+41791234567' }] }),
      });
      expect(made.status, made.text).to.equal(201);
      const id = made.body.id as string;
      const patched = await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
        token: pat,
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [
            { op: 'Replace', path: 'name.givenName', value: 'Grace' },
            { op: 'Add', path: 'nickName', value: 'gh' },
            // Entra ID's path-less replace, its value keyed by attribute paths.
            { op: 'replace', value: { displayName: 'G. H.', 'name.familyName': 'King' } },
            {
              op: 'replace',
              path: 'emails[primary eq true].value',
              value: `new-${userName}@example.com`,
            },
            { op: 'remove', path: 'phoneNumbers' },
          ],
        },
      });
      expect(patched.status, patched.text).to.equal(200);
      expect(patched.body).to.deep.include({
        userName,
        displayName: 'G. H.',
        nickName: 'gh',
        active: true,
        emails: [{ value: `new-${userName}@example.com`, primary: true, type: 'work' }],
      });
      expect(patched.body.name).to.include({ givenName: 'Grace', familyName: 'King' });
      expect(patched.body).not.to.have.property('phoneNumbers');
      expect(patched.body.meta.version).not.to.equal(made.body.meta.version);
      const read = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      // The initialization email's event may move the version and lastModified meanwhile.
      expectSameUser(read.body, patched.body);
      const types = async () =>
        (
          (await service.dataSource.query(
            'SELECT type FROM events WHERE aggregate_id = ? ORDER BY position',
            [id],
          )) as { type: string }[]
        ).map((event) => event.type);
      expect(await types()).to.include.members([
        'user.human.profile.changed',
        'user.human.email.changed',
        'user.human.phone.removed',
      ]);

      // The person's own token works until the directory deactivates them.
      const own = await service.token(id);
      const profile = () => service.call('GET', '/auth/v1/users/me/profile', { token: own });
      expect((await profile()).status).to.equal(200);

      // active as Entra ID sends it: the strings "False" and "True".
      const off = await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
        token: pat,
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        },
      });
      expect(off.status, off.text).to.equal(200);
      expect(off.body.active).to.equal(false);
      expect((await types()).at(-1)).to.equal('user.human.deactivated');
      const inactive = await service.call('GET', `/management/v1/users/${id}`, {
        token: owner.token,
        orgId: owner.orgId,
      });
      expect(inactive.body.user.state).to.equal('USER_STATE_INACTIVE');
      // As DeactivateUser: their token is refused (within the auth cache's lifetime).
      expect((await pollUntil(profile, (answer) => answer.status !== 200)).status).to.equal(401);
      const listed = await scim(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${userName}" and active eq false`)}`,
        { token: pat },
      );
      expect(listed.body.totalResults).to.equal(1);

      // PUT replaces the User: reactivated, names replaced, a phone again.
      const put = await scim(service, owner.orgId, 'PUT', `/Users/${id}`, {
        token: pat,
        body: {
          schemas: [USER],
          userName,
          name: { givenName: 'Grace', familyName: 'Hopper' },
          emails: [{ value: `new-${userName}@example.com`, primary: true }],
          phoneNumbers: [{ value: '+41790000000' }],
          active: true,
        },
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body).to.deep.include({
        active: true,
        displayName: 'Grace Hopper',
        phoneNumbers: [{ value: '+41790000000', primary: true }],
      });
      expect(put.body).not.to.have.property('nickName');
      expect(await types()).to.include.members([
        'user.human.reactivated',
        'user.human.phone.changed',
      ]);

      const patchOf = (operations: unknown[]) => ({
        token: pat,
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: operations,
        },
      });
      const refusals: [unknown[], string][] = [
        [[{ op: 'move', path: 'nickName' }], 'invalidValue'],
        [[{ op: 'replace', path: 'active', value: 'maybe' }], 'invalidValue'],
        [[{ op: 'remove' }], 'invalidPath'],
        // Meant to reach every object's prototype through scim-patch's walk of the path.
        [[{ op: 'add', path: '__proto__.ifMatch', value: '"1"' }], 'invalidPath'],
        [[{ op: 'replace', value: { 'constructor.prototype.x': 1 } }], 'invalidPath'],
        [
          [
            {
              op: 'add',
              path: 'nickName',
              value: JSON.parse(
                '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
              ),
            },
          ],
          'invalidSyntax',
        ],
      ];
      for (const [operations, scimType] of refusals)
        expectScimError(
          await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, patchOf(operations)),
          400,
          scimType,
        );
      // None of them reached a prototype: a write without If-Match still goes through.
      expect(({} as Record<string, unknown>).ifMatch).to.equal(undefined);
      // A change that is good beside one that is not: refused whole, nothing of it stored.
      // (The worker's initialization code may still be recorded meanwhile: not the PATCH's.)
      const changes = async () =>
        (await types()).filter((type) => type !== 'user.human.init.code.added');
      const eventsBefore = await changes();
      const halfBad = await scim(
        service,
        owner.orgId,
        'PATCH',
        `/Users/${id}`,
        patchOf([
          { op: 'replace', path: 'nickName', value: 'half' },
          { op: 'replace', path: 'phoneNumbers', value: [{ value: 7 }] },
        ]),
      );
      expectScimError(halfBad, 400, 'invalidValue');
      expect(await changes()).to.deep.equal(eventsBefore);
      expectScimError(
        await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
          token: pat,
          body: { Operations: [] },
        }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'PUT', `/Users/${id}`, {
          token: pat,
          body: { schemas: [USER], userName },
        }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, { body: patchOf([]).body }),
        401,
      );
      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      expectScimError(
        await scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
          ...patchOf([{ op: 'replace', path: 'nickName', value: 'no' }]),
          token: viewer.token,
        }),
        403,
      );
    });

    it("answers each User's version as its ETag, and refuses a change or removal of another version (412)", async () => {
      // With a password (and the directory's verified email) no initialization email is due, so
      // the worker records nothing on the user that would move its version under the test.
      const made = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: { ...person(unique('etag')), password: 'Sup3r-secret!' },
      });
      const id = made.body.id as string;
      const first = made.body.meta.version as string;
      expect(made.headers.get('etag')).to.equal(first);
      const read = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      expect(read.headers.get('etag')).to.equal(first);
      const nick = (value: string, ifMatch?: string) =>
        scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
          token: pat,
          ...(ifMatch !== undefined && { ifMatch }),
          body: {
            schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
            Operations: [{ op: 'replace', path: 'nickName', value }],
          },
        });
      const changed = await nick('one', first);
      expect(changed.status, changed.text).to.equal(200);
      const second = changed.body.meta.version as string;
      expect(second).not.to.equal(first);
      expect(changed.headers.get('etag')).to.equal(second);

      expectScimError(await nick('two', first), 412);
      // A PATCH that changes nothing is held to its If-Match too.
      expectScimError(await nick('one', first), 412);
      const unchanged = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      expect(unchanged.body).to.include({ nickName: 'one' });
      expect(unchanged.body.meta.version).to.equal(second);
      expect((await nick('one', second)).status).to.equal(200);
      expectScimError(await nick('two', 'not a tag'), 400, 'invalidValue');

      expectScimError(
        await scim(service, owner.orgId, 'DELETE', `/Users/${id}`, { token: pat, ifMatch: first }),
        412,
      );
      const kept = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      expect(kept.status).to.equal(200);
      const removed = await scim(service, owner.orgId, 'DELETE', `/Users/${id}`, {
        token: pat,
        ifMatch: second,
      });
      expect(removed.status, removed.text).to.equal(204);
    });

    it('deletes a user through RemoveUser', async () => {
      const made = await scim(service, owner.orgId, 'POST', '/Users', {
        token: pat,
        body: person(unique('gone')),
      });
      const removed = await scim(service, owner.orgId, 'DELETE', `/Users/${made.body.id}`, {
        token: pat,
      });
      expect(removed.status, removed.text).to.equal(204);
      // The read model shows the removal once its worker has reduced it.
      const gone = await pollUntil(
        () => scim(service, owner.orgId, 'GET', `/Users/${made.body.id}`, { token: pat }),
        (read) => read.status !== 200,
      );
      expectScimError(gone, 404);
      expectScimError(
        await scim(service, owner.orgId, 'DELETE', `/Users/${made.body.id}`, { token: pat }),
        404,
      );
      const events: { type: string }[] = await service.dataSource.query(
        'SELECT type FROM events WHERE aggregate_id = ? ORDER BY position DESC LIMIT 1',
        [made.body.id],
      );
      expect(events[0]!.type).to.equal('user.human.removed');
    });

    it('answers 401 without a valid token, 403 without the permission or in another organization', async () => {
      expectScimError(await scim(service, owner.orgId, 'GET', '/Users'), 401);
      expectScimError(
        await scim(service, owner.orgId, 'GET', '/Users', { token: 'not-a-token' }),
        401,
      );
      // A stranger's bad body or filter is not looked at before the token.
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', { body: { userName: 1 } }),
        401,
      );
      expectScimError(await scim(service, owner.orgId, 'GET', '/Users?filter=(', {}), 401);

      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      const listed = await scim(service, owner.orgId, 'GET', '/Users?count=1', {
        token: viewer.token,
      });
      expect(listed.status, listed.text).to.equal(200);
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: viewer.token,
          body: person(unique('no')),
        }),
        403,
      );
      const bare = await buildMachine(service, { owner });
      const barePat = (await addPersonalAccessToken(service, bare)).token;
      expectScimError(await scim(service, owner.orgId, 'GET', '/Users', { token: barePat }), 403);

      const other = await buildOwner(service);
      expectScimError(await scim(service, other.orgId, 'GET', '/Users', { token: pat }), 403);
      expectScimError(
        await scim(service, other.orgId, 'POST', '/Users', {
          token: pat,
          body: person(unique('else')),
        }),
        403,
      );
    });
  },
  { KAFKA_BROKERS: '' },
);
