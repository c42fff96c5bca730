import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import type { BuiltMember } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import {
  buildScimProject,
  expectScimError,
  expectScimErrorBody,
  scimCall,
} from '../support/scim-calls.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const BULK_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
const BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

function person(userName: string, more: Record<string, unknown> = {}) {
  return {
    schemas: [USER],
    userName,
    name: { givenName: 'Bulk', familyName: 'Person' },
    emails: [{ value: `${userName}@example.com` }],
    ...more,
  };
}

interface BulkResult {
  method: string;
  bulkId?: string;
  location?: string;
  version?: string;
  status: string;
  response?: Record<string, unknown>;
}

describeOnEachDatabase(
  'SCIM 2.0 Bulk',
  (service) => {
    let owner: BuiltMember;
    let pat: string;
    let projectBase: string;
    let projectId: string;

    /** A BulkRequest to `base`'s /Bulk; answers the response and its operations. */
    const bulk = async (
      operations: unknown[],
      {
        base = projectBase,
        token = pat,
        failOnErrors,
      }: { base?: string; token?: string; failOnErrors?: number } = {},
    ) => {
      const response = await scimCall(service, base, 'POST', '/Bulk', {
        token,
        body: {
          schemas: [BULK_REQUEST],
          ...(failOnErrors && { failOnErrors }),
          Operations: operations,
        },
      });
      return { response, results: (response.body?.Operations ?? []) as BulkResult[] };
    };

    const userNamed = async (userName: string) => {
      const listed = await scimCall(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
        { token: pat },
      );
      return listed.body.Resources as { id: string; nickName?: string; displayName: string }[];
    };

    before(async () => {
      ({ owner, pat, projectId, base: projectBase } = await buildScimProject(service));
    });

    it('runs Users and Groups with bulkId references, each answered with its location and version', async () => {
      const [ada, grace, linus] = [unique('ada'), unique('grace'), unique('linus')];
      const { response, results } = await bulk([
        // Refers to a user made after it: it waits for that operation.
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'team',
          data: {
            schemas: [GROUP],
            displayName: unique('Team'),
            members: [{ value: 'bulkId:ada' }],
          },
        },
        { method: 'POST', path: '/Users', bulkId: 'ada', data: person(ada) },
        { method: 'POST', path: '/Users', bulkId: 'grace', data: person(grace) },
        { method: 'POST', path: '/Users', bulkId: 'linus', data: person(linus) },
        {
          method: 'PATCH',
          path: '/Groups/bulkId:team',
          data: {
            schemas: [PATCH],
            Operations: [{ op: 'add', path: 'members', value: [{ value: 'bulkId:grace' }] }],
          },
        },
        {
          method: 'PUT',
          path: '/Users/bulkId:ada',
          data: person(ada, { nickName: 'countess' }),
        },
        { method: 'DELETE', path: '/Users/bulkId:linus' },
      ]);
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/scim\+json/);
      expect(response.body.schemas).to.deep.equal([BULK_RESPONSE]);
      expect(results.map((r) => [r.method, r.bulkId, r.status])).to.deep.equal([
        ['POST', 'team', '201'],
        ['POST', 'ada', '201'],
        ['POST', 'grace', '201'],
        ['POST', 'linus', '201'],
        ['PATCH', undefined, '200'],
        ['PUT', undefined, '200'],
        ['DELETE', undefined, '204'],
      ]);
      const [adaUser] = await userNamed(ada);
      expect(adaUser!.nickName).to.equal('countess');
      expect(results[1]!.location).to.match(
        new RegExp(`/scim/v2/${owner.orgId}/Users/${adaUser!.id}$`),
      );
      expect(results[5]!.version).to.match(/^W\/"\d+"$/);
      expect(await userNamed(linus)).to.deep.equal([]);
      const [graceUser] = await userNamed(grace);

      // The Group is the role, Ada and Grace members through their grants.
      const group = await scimCall(
        service,
        projectBase,
        'GET',
        new URL(results[0]!.location!).pathname.replace(`/scim/v2/${projectBase}`, ''),
        { token: pat },
      );
      expect(group.status, group.text).to.equal(200);
      expect(group.body.members.map((m: { value: string }) => m.value)).to.have.members([
        adaUser!.id,
        graceUser!.id,
      ]);
      const grants = await service.call('POST', '/management/v1/users/grants/_search', {
        token: owner.token,
        body: {
          queries: [{ projectIdQuery: { projectId } }, { userIdQuery: { userId: adaUser!.id } }],
        },
      });
      const key = Buffer.from(group.body.id, 'base64url').toString();
      expect(grants.body.result.map((g: { roleKeys: string[] }) => g.roleKeys)).to.deep.equal([
        [key],
      ]);
      const types = (await service.events(adaUser!.id)).map((event) => event.type);
      expect(types).to.include.members([
        'user.human.added',
        'user.grant.added',
        'user.human.profile.changed',
      ]);
    });

    it('writes a run of user creates in one ImportHumanUsers call, each answered alone', async () => {
      const names = [unique('run'), unique('run'), unique('run')];
      /** The calls of an operation the pipeline logged so far. */
      const calls = (method: string) =>
        service.logs.lines.filter((line) => line.includes(`"operation":"${method}"`)).length;
      const [batches, singles] = [calls('ImportHumanUsers'), calls('ImportHumanUser')];
      const { results } = await bulk([
        { method: 'POST', path: '/Users', bulkId: 'a', data: person(names[0]!) },
        {
          method: 'POST',
          path: '/Users',
          bulkId: 'b',
          data: { schemas: [USER], userName: names[1] },
        },
        { method: 'POST', path: '/Users', bulkId: 'c', data: person(names[2]!) },
        { method: 'POST', path: '/Users', bulkId: 'd', data: person(names[0]!.toUpperCase()) },
      ]);
      expect(results.map((r) => r.status)).to.deep.equal(['201', '400', '201', '409']);
      expectScimErrorBody(results[1]!.response!, 400, 'invalidValue');
      expectScimErrorBody(results[3]!.response!, 409, 'uniqueness');
      expect(await userNamed(names[0]!)).to.have.length(1);
      expect(await userNamed(names[1]!)).to.deep.equal([]);
      // The run was one batch import (one transaction), no single import.
      expect(calls('ImportHumanUsers')).to.equal(batches + 1);
      expect(calls('ImportHumanUser')).to.equal(singles);
    });

    it('refuses circular, unknown and failed references, and stops at failOnErrors', async () => {
      const [a, b, c] = [unique('circle'), unique('circle'), unique('after')];
      const { results } = await bulk([
        { method: 'POST', path: '/Users', bulkId: 'a', data: person(a, { nickName: 'bulkId:b' }) },
        { method: 'POST', path: '/Users', bulkId: 'b', data: person(b, { nickName: 'bulkId:a' }) },
        { method: 'DELETE', path: '/Users/bulkId:nowhere' },
        { method: 'POST', path: '/Users', bulkId: 'bad', data: { schemas: [USER] } },
        { method: 'PUT', path: '/Users/bulkId:bad', data: person(c) },
      ]);
      expect(results.map((r) => [r.bulkId, r.status])).to.deep.equal([
        ['a', '409'],
        ['b', '409'],
        [undefined, '400'],
        ['bad', '400'],
        [undefined, '409'],
      ]);
      expectScimErrorBody(results[0]!.response!, 409);
      expectScimErrorBody(results[2]!.response!, 400, 'invalidValue');
      expect(await userNamed(a)).to.deep.equal([]);

      const stopped = await bulk(
        [
          {
            method: 'PATCH',
            path: '/Users/no-such-user',
            data: { schemas: [PATCH], Operations: [] },
          },
          { method: 'POST', path: '/Users', bulkId: 'later', data: person(c) },
        ],
        { failOnErrors: 1 },
      );
      expect(stopped.results.map((r) => r.status)).to.deep.equal(['404']);
      expect(await userNamed(c)).to.deep.equal([]);
    });

    it('answers each operation its own error: a stale version, a path with no endpoint', async () => {
      const name = unique('versioned');
      // With a password, so no initialization email moves the version under the test.
      const withPassword = person(name, { password: 'Secr3t-Passw0rd!' });
      const made = await bulk([
        { method: 'POST', path: '/Users', bulkId: 'v', data: withPassword },
      ]);
      const id = made.results[0]!.location!.split('/').pop()!;
      const { results } = await bulk([
        {
          method: 'PUT',
          path: `/Users/${id}`,
          version: 'W/"1"',
          data: person(name, { nickName: 'x' }),
        },
        { method: 'DELETE', path: '/Groups' },
        { method: 'POST', path: '/Nothing', bulkId: 'n', data: {} },
        {
          method: 'PUT',
          path: `/Users/${id}`,
          version: made.results[0]!.version,
          data: person(name, { nickName: 'y' }),
        },
      ]);
      expect(results.map((r) => r.status)).to.deep.equal(['412', '404', '404', '200']);
      expectScimErrorBody(results[1]!.response!, 404, 'invalidPath');
      expect((await userNamed(name))[0]!.nickName).to.equal('y');

      // The organization's endpoint has no Groups, in a BulkRequest either.
      const atOrg = await bulk(
        [
          {
            method: 'POST',
            path: '/Groups',
            bulkId: 'g',
            data: { schemas: [GROUP], displayName: 'G' },
          },
        ],
        { base: owner.orgId },
      );
      expect(atOrg.results.map((r) => r.status)).to.deep.equal(['404']);
    });

    it('refuses bad BulkRequests: limits (413 tooMany), shape, syntax; strangers 401, 403', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => ({
        method: 'DELETE',
        path: `/Users/${i}`,
      }));
      const tooMany = await bulk(many);
      expectScimError(tooMany.response, 413, 'tooMany');
      const huge = await scimCall(service, projectBase, 'POST', '/Bulk', {
        token: pat,
        body: {
          schemas: [BULK_REQUEST],
          Operations: [
            { method: 'POST', path: '/Users', bulkId: 'x', data: { pad: 'x'.repeat(4_200_000) } },
          ],
        },
      });
      expectScimError(huge, 413, 'tooMany');

      const post = (body: unknown) =>
        scimCall(service, projectBase, 'POST', '/Bulk', { token: pat, body });
      expectScimError(await post({ Operations: [] }), 400, 'invalidValue');
      expectScimError(await post({ schemas: [BULK_REQUEST], Operations: [] }), 400, 'invalidValue');
      expectScimError(
        await post({
          schemas: [BULK_REQUEST],
          Operations: [{ method: 'POST', path: '/Users', data: {} }],
        }),
        400,
        'invalidValue',
      );
      expectScimError(
        await post({ schemas: [BULK_REQUEST], Operations: [{ method: 'GET', path: '/Users' }] }),
        400,
        'invalidValue',
      );
      expectScimError(
        await post({
          schemas: [BULK_REQUEST],
          failOnErrors: 0,
          Operations: [{ method: 'DELETE', path: '/Users/x' }],
        }),
        400,
        'invalidValue',
      );
      expectScimError(await post('{"schemas":'), 400, 'invalidSyntax');
      expectScimError(await scimCall(service, projectBase, 'GET', '/Bulk', { token: pat }), 405);

      const name = unique('stranger');
      const create = [{ method: 'POST', path: '/Users', bulkId: 's', data: person(name) }];
      expectScimError((await bulk(create, { token: 'nonsense' })).response, 401);
      const viewer = await buildMachine(service, { roles: ['ORG_PROJECT_OWNER'], owner });
      const viewerPat = (await addPersonalAccessToken(service, viewer)).token;
      const refused = await bulk(create, { token: viewerPat });
      expect(refused.response.status).to.equal(200);
      expect(refused.results.map((r) => r.status)).to.deep.equal(['403']);
      expectScimErrorBody(refused.results[0]!.response!, 403);
      expect(await userNamed(name)).to.deep.equal([]);
    });
  },
  { KAFKA_BROKERS: '' },
);
