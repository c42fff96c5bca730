import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { expectErrorOf } from '../support/service-error.js';

describeOnEachDatabase(
  "Reading a project's parts: its roles, from the tables the operations write",
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
  },
  { KAFKA_BROKERS: '' },
);
