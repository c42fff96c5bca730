import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { expectErrorOf } from '../support/service-error.js';

const AFTER = 'x-identity-after-sequence';

describeOnEachDatabase(
  'Reading projects: GetProjectByID and ListProjects from the read model',
  (service) => {
    let owner: BuiltMember;

    before(async () => {
      owner = await buildOwner(service);
      await service.startWorker();
    });

    const get = (caller: BuiltMember, id: string, after?: string) =>
      service.call('GET', `/management/v1/projects/${encodeURIComponent(id)}`, {
        token: caller.token,
        ...(after && { headers: { [AFTER]: after } }),
      });
    const list = (caller: BuiltMember, body: object, after?: string) =>
      service.call('POST', '/management/v1/projects/_search', {
        token: caller.token,
        body,
        ...(after && { headers: { [AFTER]: after } }),
      });

    it('reads a project as its last change left it, with the ETag its next change takes', async () => {
      const { projectId } = await buildProject(service, { orgId: owner.orgId, name: 'Rocket' });
      const changed = await service.updateProject(
        projectId,
        {
          name: 'Rocket Launch',
          projectRoleAssertion: true,
          hasProjectCheck: true,
          privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
        },
        { token: owner.token },
      );
      expect(changed.status, changed.text).to.equal(200);
      const read = await get(owner, projectId, changed.body.details.sequence);
      expect(read.status, read.text).to.equal(200);
      expect(read.body.project).to.deep.include({
        id: projectId,
        name: 'Rocket Launch',
        state: 'PROJECT_STATE_ACTIVE',
        projectRoleAssertion: true,
        projectRoleCheck: false,
        hasProjectCheck: true,
        privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
      });
      expect(read.body.project.details).to.deep.include({
        sequence: changed.body.details.sequence,
        resourceOwner: owner.orgId,
      });
      expect(read.headers.get('etag')).to.equal(`"${changed.body.details.sequence}"`);
      const again = await service.updateProject(
        projectId,
        { name: 'Rocket Again' },
        { token: owner.token, headers: { 'if-match': read.headers.get('etag')! } },
      );
      expect(again.status, again.text).to.equal(200);
    });

    it("lists the organization's projects by name, by owner, by cursor, and no other's", async () => {
      const org = await buildOwner(service);
      const names = ['Alpha', 'alpha two', 'Beta'];
      let last = '';
      const ids: string[] = [];
      for (const name of names) {
        const { projectId } = await buildProject(service, { orgId: org.orgId, name });
        ids.push(projectId);
        last = String((await service.events(projectId)).at(-1)!.position);
      }
      await buildProject(service, { orgId: owner.orgId, name: 'Alpha elsewhere' });
      const found = async (body: object) => {
        const answer = await list(org, body, last);
        expect(answer.status, answer.text).to.equal(200);
        return (answer.body.result as { name: string }[]).map((project) => project.name).sort();
      };
      expect(await found({})).to.deep.equal(['Alpha', 'Beta', 'alpha two']);
      const byName = (name: string, method: string) => ({
        queries: [{ nameQuery: { name, method: `TEXT_QUERY_METHOD_${method}` } }],
      });
      expect(await found(byName('alpha', 'STARTS_WITH_IGNORE_CASE'))).to.deep.equal([
        'Alpha',
        'alpha two',
      ]);
      expect(await found(byName('Alpha', 'EQUALS'))).to.deep.equal(['Alpha']);
      expect(await found(byName('TWO', 'CONTAINS_IGNORE_CASE'))).to.deep.equal(['alpha two']);
      expect(
        await found({ queries: [{ projectResourceOwnerQuery: { resourceOwner: owner.orgId } }] }),
      ).to.deep.equal([]);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(org, { query: { limit: 1, asc: true, ...(cursor && { cursor }) } });
        expect(page.body.details.totalResult).to.equal('3');
        seen.push(...(page.body.result as { id: string }[]).map((project) => project.id));
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal([...ids].sort());
    });

    it('answers no project of another organization, and lets a viewer read but no user manager', async () => {
      const stranger = await buildOwner(service);
      const { projectId } = await buildProject(service, { orgId: stranger.orgId });
      expectErrorOf(await get(owner, projectId), 'PROJECT-NOT-FOUND');
      const viewer = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_PROJECT_VIEWER'],
      });
      expect((await list(viewer, {})).status).to.equal(200);
      const manager = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_USER_MANAGER'],
      });
      expectErrorOf(await list(manager, {}), 'AUTH-PERMISSION-DENIED');
    });
  },
  { KAFKA_BROKERS: '' },
);
