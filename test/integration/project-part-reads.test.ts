import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  buildMember,
  buildOrg,
  buildOwner,
  buildProject,
  type BuiltMember,
} from '../support/factories.js';
import { expectErrorOf } from '../support/service-error.js';

describeOnEachDatabase(
  "Reading a project's parts: roles, applications, grants, from the tables the operations write",
  (service) => {
    let owner: BuiltMember;
    let projectId: string;

    before(async () => {
      owner = await buildOwner(service);
      projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    });

    const send = (method: string, path: string, body?: object, caller = owner) =>
      service.call(method, `/management/v1/projects/${projectId}${path}`, {
        token: caller.token,
        ...(body && { body }),
      });

    describe('ListProjectRoles', () => {
      const roles = [
        { roleKey: 'zoo.keeper', displayName: 'Zoo Keeper', group: 'Staff' },
        { roleKey: 'Vet', displayName: 'Veterinarian' },
        { roleKey: 'visitor', displayName: 'zoo visitor', group: 'Guests' },
      ];
      const keysOf = async (body: object, caller = owner) => {
        const answer = await send('POST', '/roles/_search', body, caller);
        expect(answer.status, answer.text).to.equal(200);
        return (answer.body.result as { key: string }[]).map((role) => role.key);
      };

      before(async () => {
        for (const role of roles) {
          const added = await send('POST', '/roles', role);
          expect(added.status, added.text).to.equal(200);
        }
      });

      it('answers each role as it was last changed, ordered by key, with its details', async () => {
        const changed = await send('PUT', '/roles/Vet', { displayName: 'Vet', group: 'Staff' });
        expect(changed.status, changed.text).to.equal(200);
        const answer = await send('POST', '/roles/_search', { query: { asc: true } });
        expect(answer.status, answer.text).to.equal(200);
        expect(answer.body.details.totalResult).to.equal('3');
        expect(answer.body.details.processedSequence).to.match(/^[1-9][0-9]*$/);
        const result = answer.body.result as Record<string, any>[];
        expect(result.map(({ details: _details, ...role }) => role)).to.deep.equal([
          { key: 'Vet', displayName: 'Vet', group: 'Staff' },
          { key: 'visitor', displayName: 'zoo visitor', group: 'Guests' },
          { key: 'zoo.keeper', displayName: 'Zoo Keeper', group: 'Staff' },
        ]);
        const [vet, visitor] = result;
        // The project's sequence now: the state a change of a role names in If-Match.
        expect(vet!.details).to.deep.include({
          sequence: changed.body.details.sequence,
          resourceOwner: owner.orgId,
        });
        expect(vet!.details.changeDate).to.equal(changed.body.details.changeDate);
        expect(Date.parse(vet!.details.creationDate)).to.be.below(
          Date.parse(vet!.details.changeDate),
        );
        expect(visitor!.details.creationDate).to.equal(visitor!.details.changeDate);
        const descending = await keysOf({});
        expect(descending).to.deep.equal(['zoo.keeper', 'visitor', 'Vet']);
      });

      it('finds roles by key and by display name with each text method', async () => {
        const by = (field: 'key' | 'displayName', value: string, method: string) => ({
          queries: [
            { [`${field}Query`]: { [field]: value, method: `TEXT_QUERY_METHOD_${method}` } },
          ],
        });
        expect(await keysOf(by('key', 'vet', 'EQUALS'))).to.deep.equal([]);
        expect(await keysOf(by('key', 'vet', 'EQUALS_IGNORE_CASE'))).to.deep.equal(['Vet']);
        expect(await keysOf(by('key', 'zoo.', 'STARTS_WITH'))).to.deep.equal(['zoo.keeper']);
        expect(await keysOf(by('key', 'V', 'STARTS_WITH_IGNORE_CASE'))).to.deep.equal([
          'visitor',
          'Vet',
        ]);
        expect(await keysOf(by('displayName', 'zoo', 'CONTAINS'))).to.deep.equal(['visitor']);
        expect(await keysOf(by('displayName', 'zoo', 'CONTAINS_IGNORE_CASE'))).to.deep.equal([
          'zoo.keeper',
          'visitor',
        ]);
        expect(await keysOf(by('displayName', 'KEEPER', 'ENDS_WITH_IGNORE_CASE'))).to.deep.equal([
          'zoo.keeper',
        ]);
        expect(
          await keysOf({
            queries: [
              { keyQuery: { key: 'v', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } },
              { displayNameQuery: { displayName: 'Vet' } },
            ],
          }),
        ).to.deep.equal(['Vet']);
      });

      it('pages by offset and by cursor, and refuses a cursor of another list', async () => {
        expect(await keysOf({ query: { offset: '1', limit: 1, asc: true } })).to.deep.equal([
          'visitor',
        ]);
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await send('POST', '/roles/_search', {
            query: { limit: 2, asc: true, ...(cursor && { cursor }) },
          });
          expect(page.status, page.text).to.equal(200);
          expect(page.body.details.totalResult).to.equal('3');
          seen.push(...(page.body.result as { key: string }[]).map((role) => role.key));
          cursor = page.body.details.nextCursor;
          if (cursor) {
            const foreign = await send('POST', '/roles/_search', {
              query: { cursor },
              queries: [{ keyQuery: { key: 'x' } }],
            });
            expectErrorOf(foreign, 'REQUEST-INVALID', ['query.cursor']);
          }
        } while (cursor);
        expect(seen).to.deep.equal(['Vet', 'visitor', 'zoo.keeper']);
      });

      it('answers no role of a project of another organization, nor of none', async () => {
        const stranger = await buildOwner(service);
        const theirs = await buildProject(service, { orgId: stranger.orgId });
        const added = await service.call(
          'POST',
          `/management/v1/projects/${theirs.projectId}/roles`,
          { token: stranger.token, body: { roleKey: 'theirs', displayName: 'Theirs' } },
        );
        expect(added.status, added.text).to.equal(200);
        const read = (id: string) =>
          service.call('POST', `/management/v1/projects/${id}/roles/_search`, {
            token: owner.token,
            body: {},
          });
        expectErrorOf(await read(theirs.projectId), 'PROJECT-NOT-FOUND');
        expectErrorOf(await read('none'), 'PROJECT-NOT-FOUND');
      });

      it('lets a project viewer read, but no user manager; a removed role is gone', async () => {
        const viewer = await buildMember(service, {
          orgId: owner.orgId,
          roles: ['ORG_PROJECT_VIEWER'],
        });
        expect(await keysOf({ query: { asc: true } }, viewer)).to.have.length(3);
        const manager = await buildMember(service, {
          orgId: owner.orgId,
          roles: ['ORG_USER_MANAGER'],
        });
        expectErrorOf(await send('POST', '/roles/_search', {}, manager), 'AUTH-PERMISSION-DENIED');
        const removed = await send('DELETE', '/roles/visitor');
        expect(removed.status, removed.text).to.equal(200);
        expect(await keysOf({ query: { asc: true } })).to.deep.equal(['Vet', 'zoo.keeper']);
        await send('POST', '/roles', roles[2]!);
      });
    });

    describe('ListApps and GetAppByID', () => {
      const web = {
        name: 'Zoo Web',
        redirectUris: ['https://zoo.example/callback'],
        postLogoutRedirectUris: ['https://zoo.example/'],
        idTokenRoleAssertion: true,
      };
      const spa = {
        name: 'zoo map',
        redirectUris: ['https://map.zoo.example/cb', 'http://localhost:3000/cb'],
        authMethodType: 'OIDC_AUTH_METHOD_TYPE_NONE',
        accessTokenRoleAssertion: true,
      };
      const added: { appId: string; clientId: string; clientSecret?: string }[] = [];
      const namesOf = async (body: object) => {
        const answer = await send('POST', '/apps/_search', body);
        expect(answer.status, answer.text).to.equal(200);
        return (answer.body.result as { name: string }[]).map((app) => app.name);
      };

      before(async () => {
        for (const app of [web, spa]) {
          const answer = await send('POST', '/apps/oidc', app);
          expect(answer.status, answer.text).to.equal(200);
          added.push(answer.body);
        }
      });

      it('answers an application with its OpenID Connect settings and never its secret', async () => {
        const [confidential, browser] = added;
        expect(confidential!.clientSecret).to.be.a('string');
        const read = await send('GET', `/apps/${confidential!.appId}`);
        expect(read.status, read.text).to.equal(200);
        expect(read.text).not.to.include(confidential!.clientSecret!);
        expect(read.text.toLowerCase()).not.to.include('secret');
        const { details, ...app } = read.body.app;
        expect(app).to.deep.equal({
          id: confidential!.appId,
          state: 'APP_STATE_ACTIVE',
          name: 'Zoo Web',
          oidcConfig: {
            redirectUris: ['https://zoo.example/callback'],
            responseTypes: ['OIDC_RESPONSE_TYPE_CODE'],
            grantTypes: ['OIDC_GRANT_TYPE_AUTHORIZATION_CODE', 'OIDC_GRANT_TYPE_REFRESH_TOKEN'],
            appType: 'OIDC_APP_TYPE_WEB',
            clientId: confidential!.clientId,
            authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC',
            postLogoutRedirectUris: ['https://zoo.example/'],
            accessTokenType: 'OIDC_TOKEN_TYPE_JWT',
            accessTokenRoleAssertion: false,
            idTokenRoleAssertion: true,
          },
        });
        expect(details.resourceOwner).to.equal(owner.orgId);
        const public_ = (await send('GET', `/apps/${browser!.appId}`)).body.app;
        expect(public_.oidcConfig).to.deep.include({
          appType: 'OIDC_APP_TYPE_USER_AGENT',
          authMethodType: 'OIDC_AUTH_METHOD_TYPE_NONE',
          accessTokenRoleAssertion: true,
          idTokenRoleAssertion: false,
          postLogoutRedirectUris: [],
        });
      });

      it("answers the project's sequence as the ETag, which a change's If-Match takes", async () => {
        const { appId } = added[0]!;
        const read = await send('GET', `/apps/${appId}`);
        const etag = read.headers.get('etag')!;
        expect(etag).to.equal(`"${read.body.app.details.sequence}"`);
        const change = (ifMatch: string, name: string) =>
          service.call('PUT', `/management/v1/projects/${projectId}/apps/${appId}/oidc`, {
            token: owner.token,
            headers: { 'if-match': ifMatch },
            body: { ...web, name },
          });
        const changed = await change(etag, 'Zoo Web 2');
        expect(changed.status, changed.text).to.equal(200);
        expectErrorOf(await change(etag, 'Zoo Web 3'), 'RESOURCE-CHANGED');
        const again = await send('GET', `/apps/${appId}`);
        expect(again.body.app.name).to.equal('Zoo Web 2');
        expect(again.body.app.details.sequence).to.equal(changed.body.details.sequence);
        expect(again.body.app.details.changeDate).to.equal(changed.body.details.changeDate);
        await change(again.headers.get('etag')!, 'Zoo Web');
      });

      it('lists the applications in the order made, by name, by offset and by cursor', async () => {
        expect(await namesOf({ query: { asc: true } })).to.deep.equal(['Zoo Web', 'zoo map']);
        expect(await namesOf({})).to.deep.equal(['zoo map', 'Zoo Web']);
        const byName = (name: string, method: string) => ({
          queries: [{ nameQuery: { name, method: `TEXT_QUERY_METHOD_${method}` } }],
        });
        expect(await namesOf(byName('zoo', 'STARTS_WITH'))).to.deep.equal(['zoo map']);
        expect(await namesOf(byName('ZOO', 'STARTS_WITH_IGNORE_CASE'))).to.have.length(2);
        expect(await namesOf({ query: { offset: 1, asc: true } })).to.deep.equal(['zoo map']);
        const first = await send('POST', '/apps/_search', { query: { limit: 1, asc: true } });
        expect(first.body.details.totalResult).to.equal('2');
        expect(first.body.result[0].oidcConfig.clientId).to.equal(added[0]!.clientId);
        expect(first.text.toLowerCase()).not.to.include('secret');
        const next = await send('POST', '/apps/_search', {
          query: { limit: 1, asc: true, cursor: first.body.details.nextCursor },
        });
        expect(next.body.result.map((app: { id: string }) => app.id)).to.deep.equal([
          added[1]!.appId,
        ]);
        expect(next.body.details.nextCursor).to.equal(undefined);
      });

      it('answers no application of another project, nor of another organization', async () => {
        const sibling = await buildProject(service, { orgId: owner.orgId });
        const elsewhere = await service.call(
          'GET',
          `/management/v1/projects/${sibling.projectId}/apps/${added[0]!.appId}`,
          { token: owner.token },
        );
        expectErrorOf(elsewhere, 'APPLICATION-NOT-FOUND');
        expectErrorOf(await send('GET', '/apps/none'), 'APPLICATION-NOT-FOUND');
        const stranger = await buildOwner(service);
        const theirs = await buildProject(service, { orgId: stranger.orgId });
        const path = `/management/v1/projects/${theirs.projectId}/apps`;
        const app = await service.call('POST', `${path}/oidc`, {
          token: stranger.token,
          body: web,
        });
        expect(app.status, app.text).to.equal(200);
        const asOwner = { token: owner.token };
        expectErrorOf(
          await service.call('GET', `${path}/${app.body.appId}`, asOwner),
          'PROJECT-NOT-FOUND',
        );
        expectErrorOf(
          await service.call('POST', `${path}/_search`, { ...asOwner, body: {} }),
          'PROJECT-NOT-FOUND',
        );
      });
    });

    describe('ListProjectGrants and GetProjectGrantByID', () => {
      let safari: string;
      const grants: { grantId: string; orgId: string }[] = [];
      const call = (
        method: string,
        path: string,
        body?: object,
        headers?: Record<string, string>,
      ) =>
        service.call(method, `/management/v1/projects/${safari}/grants${path}`, {
          token: owner.token,
          ...(body && { body }),
          ...(headers && { headers }),
        });
      const grantedOf = async (body: object) => {
        const answer = await call('POST', '/_search', body);
        expect(answer.status, answer.text).to.equal(200);
        return (answer.body.result as { grantedOrgId: string }[]).map(
          (grant) => grant.grantedOrgId,
        );
      };

      before(async () => {
        safari = (await buildProject(service, { orgId: owner.orgId, name: 'Safari' })).projectId;
        for (const roleKey of ['Guide', 'driver', 'ranger'])
          await service.call('POST', `/management/v1/projects/${safari}/roles`, {
            token: owner.token,
            body: { roleKey, displayName: roleKey },
          });
        for (const [name, roleKeys] of [
          ['Lodge', ['Guide', 'driver']],
          ['Camp', ['ranger']],
        ] as const) {
          const { orgId } = await buildOrg(service, { name });
          const added = await call('POST', '', { grantedOrgId: orgId, roleKeys });
          expect(added.status, added.text).to.equal(200);
          grants.push({ grantId: added.body.grantId, orgId });
        }
      });

      it('answers a grant with its organizations, roles and project, and its ETag', async () => {
        const [lodge] = grants;
        const read = await call('GET', `/${lodge!.grantId}`);
        expect(read.status, read.text).to.equal(200);
        const { details, ...grant } = read.body.projectGrant;
        expect(grant).to.deep.equal({
          grantId: lodge!.grantId,
          grantedOrgId: lodge!.orgId,
          grantedOrgName: 'Lodge',
          grantedRoleKeys: ['Guide', 'driver'],
          state: 'PROJECT_GRANT_STATE_ACTIVE',
          projectId: safari,
          projectName: 'Safari',
          projectOwnerId: owner.orgId,
          projectOwnerName: (
            await service.dataSource.query('SELECT name FROM organizations WHERE id = ?', [
              owner.orgId,
            ])
          )[0].name,
        });
        expect(details.resourceOwner).to.equal(owner.orgId);
        const etag = read.headers.get('etag')!;
        expect(etag).to.equal(`"${details.sequence}"`);
        const changed = await call(
          'PUT',
          `/${lodge!.grantId}`,
          { roleKeys: ['Guide'] },
          {
            'if-match': etag,
          },
        );
        expect(changed.status, changed.text).to.equal(200);
        expectErrorOf(
          await call('PUT', `/${lodge!.grantId}`, { roleKeys: ['driver'] }, { 'if-match': etag }),
          'RESOURCE-CHANGED',
        );
        const again = (await call('GET', `/${lodge!.grantId}`)).body.projectGrant;
        expect(again.grantedRoleKeys).to.deep.equal(['Guide']);
        expect(again.details.changeDate).to.equal(changed.body.details.changeDate);
        await call('PUT', `/${lodge!.grantId}`, { roleKeys: ['Guide', 'driver'] });
      });

      it('lists the grants in the order made, by role key, by project name, and by cursor', async () => {
        const [lodge, camp] = grants.map((grant) => grant.orgId);
        expect(await grantedOf({ query: { asc: true } })).to.deep.equal([lodge, camp]);
        const byRole = (roleKey: string, method: string) => ({
          queries: [{ roleKeyQuery: { roleKey, method: `TEXT_QUERY_METHOD_${method}` } }],
        });
        expect(await grantedOf(byRole('guide', 'EQUALS'))).to.deep.equal([]);
        expect(await grantedOf(byRole('guide', 'EQUALS_IGNORE_CASE'))).to.deep.equal([lodge]);
        expect(await grantedOf(byRole('r', 'ENDS_WITH'))).to.deep.equal([camp, lodge]);
        expect(await grantedOf(byRole('ANGE', 'CONTAINS_IGNORE_CASE'))).to.deep.equal([camp]);
        const byProject = (name: string) => ({
          queries: [{ projectNameQuery: { name, method: 'TEXT_QUERY_METHOD_STARTS_WITH' } }],
        });
        expect(await grantedOf(byProject('Saf'))).to.have.length(2);
        expect(await grantedOf(byProject('saf'))).to.deep.equal([]);
        const first = await call('POST', '/_search', { query: { limit: 1, asc: true } });
        expect(first.body.details.totalResult).to.equal('2');
        const next = await call('POST', '/_search', {
          query: { limit: 1, asc: true, cursor: first.body.details.nextCursor },
        });
        expect(
          next.body.result.map((grant: { grantedOrgId: string }) => grant.grantedOrgId),
        ).to.deep.equal([camp]);
      });

      it('answers no grant of another project, nor of another organization', async () => {
        const elsewhere = await send('GET', `/grants/${grants[0]!.grantId}`);
        expectErrorOf(elsewhere, 'PROJECT-GRANT-NOT-FOUND');
        const stranger = await buildOwner(service);
        const theirs = await buildProject(service, { orgId: stranger.orgId });
        const path = `/management/v1/projects/${theirs.projectId}/grants`;
        const granted = await service.call('POST', path, {
          token: stranger.token,
          body: { grantedOrgId: owner.orgId },
        });
        expect(granted.status, granted.text).to.equal(200);
        const asOwner = { token: owner.token };
        expectErrorOf(
          await service.call('GET', `${path}/${granted.body.grantId}`, asOwner),
          'PROJECT-NOT-FOUND',
        );
        expectErrorOf(
          await service.call('POST', `${path}/_search`, { ...asOwner, body: {} }),
          'PROJECT-NOT-FOUND',
        );
      });
    });
  },
  { KAFKA_BROKERS: '' },
);
