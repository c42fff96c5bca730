import { expect } from 'chai';
import { createOrganization } from '../../services/api/admin/organizations.js';
import { administeredPeople } from '../support/administered-people.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOrg, buildOwner, type BuiltMember } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { publicUrlEnv } from '../support/relying-party.js';

const PASSWORD = 'Org-keeper-1!';
/** The auth cache's lifetime here: a refusal of the API is due within it (polled up to 5 times it). */
const AUTH_CACHE_MS = 1000;

describeOnEachDatabase(
  'The life of an organization: add, rename, deactivate, reactivate',
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const { signedIn, signInSays, apiTakes, refreshed } = people;
    let admin: BuiltMember;

    before(async () => {
      admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    });

    /** A call of the organization operations as the instance owner, on `orgId` when given. */
    const asAdmin = (method: string, path: string, body: unknown = {}, orgId?: string) =>
      service.call(method, `/management/v1/orgs${path}`, {
        token: admin.token,
        body,
        ...(orgId && { orgId }),
      });

    const orgRow = async (orgId: string) =>
      (
        await service.dataSource.query(
          'SELECT name, name_lower, state, version FROM organizations WHERE id = ?',
          [orgId],
        )
      )[0];

    const eventsOf = async (orgId: string) =>
      (await service.events(orgId)).map((event) => [event.type, event.payload]);

    it('AddOrg makes an active organization with its org.added (name trimmed), readable at once; its owner can act in it', async () => {
      const added = await asAdmin('POST', '', { name: '  Acme Rockets  ' });
      expect(added.status, added.text).to.equal(200);
      const { id, details } = added.body;
      expect(details.resourceOwner).to.equal(id);
      expect(await orgRow(id)).to.deep.include({
        name: 'Acme Rockets',
        name_lower: 'acme rockets',
        state: 'active',
      });
      expect(await eventsOf(id)).to.deep.equal([['org.added', { name: 'Acme Rockets' }]]);
      const [event] = await service.events(id);
      expect(details.sequence).to.equal(String(event!.position));

      const read = await service.call('GET', '/management/v1/orgs/me', {
        token: admin.token,
        orgId: id,
      });
      expect(read.status, read.text).to.equal(200);
      expect(read.body.org).to.deep.include({
        id,
        name: 'Acme Rockets',
        state: 'ORG_STATE_ACTIVE',
      });
      const owner = await buildOwner(service, { orgId: id });
      const project = await service.call('POST', '/management/v1/projects', {
        token: owner.token,
        body: { name: 'Launchpad' },
      });
      expect(project.status, project.text).to.equal(200);
    });

    it('names are unique in the instance without regard to case, for AddOrg, UpdateOrg and identityctl alike', async () => {
      const { orgId } = await createOrganization(service.dataSource, 'Unique Widgets');
      expect(await eventsOf(orgId)).to.deep.equal([['org.added', { name: 'Unique Widgets' }]]);
      const taken = await asAdmin('POST', '', { name: ' UNIQUE widgets ' });
      expect(taken.status, taken.text).to.equal(409);
      expect(taken.body.details.at(-1).id).to.equal('ORG-NAME-ALREADY-EXISTS');
      await createOrganization(service.dataSource, 'unique widgets').then(
        () => expect.fail('a taken name was taken again'),
        (error: { id?: string }) => expect(error.id).to.equal('ORG-NAME-ALREADY-EXISTS'),
      );

      const other = await buildOrg(service);
      const renamed = await asAdmin('PUT', '/me', { name: 'unique WIDGETS' }, other.orgId);
      expect(renamed.status, renamed.text).to.equal(409);
      expect((await orgRow(other.orgId)).name).to.equal(other.name);
      // Its own name in another case is no conflict.
      const recased = await asAdmin('PUT', '/me', { name: 'UNIQUE WIDGETS' }, orgId);
      expect(recased.status, recased.text).to.equal(200);
      expect(await orgRow(orgId)).to.deep.include({
        name: 'UNIQUE WIDGETS',
        name_lower: 'unique widgets',
      });
    });

    it('UpdateOrg renames the target organization (org.changed); its name as it is records nothing; a stale If-Match is refused', async () => {
      const { orgId, name } = await buildOrg(service);
      const renamed = await asAdmin('PUT', '/me', { name: ' Renamed Corp ' }, orgId);
      expect(renamed.status, renamed.text).to.equal(200);
      const again = await asAdmin('PUT', '/me', { name: 'Renamed Corp' }, orgId);
      expect(again.status, again.text).to.equal(200);
      expect(again.body.details.sequence).to.equal(renamed.body.details.sequence);
      expect(again.body.details.changeDate).to.equal(renamed.body.details.changeDate);
      expect(await eventsOf(orgId)).to.deep.equal([
        ['org.added', { name }],
        ['org.changed', { name: 'Renamed Corp' }],
      ]);
      const conditional = (ifMatch: string, name: string) =>
        service.call('PUT', '/management/v1/orgs/me', {
          token: admin.token,
          orgId,
          body: { name },
          headers: { 'if-match': ifMatch },
        });
      // A member added since moved the organization's ETag: the rename made before it is stale.
      const { userId } = await buildMember(service, { orgId });
      const member = await service.call('POST', '/management/v1/orgs/me/members', {
        token: admin.token,
        orgId,
        body: { userId, roles: ['ORG_USER_VIEWER'] },
      });
      expect(member.status, member.text).to.equal(200);
      const stale = await conditional(`"${renamed.body.details.sequence}"`, 'Conditional Corp');
      expect(stale.status, stale.text).to.equal(412);
      expect((await orgRow(orgId)).name).to.equal('Renamed Corp');
      const current = await conditional(`"${member.body.details.sequence}"`, 'Conditional Corp');
      expect(current.status, current.text).to.equal(200);
      expect((await orgRow(orgId)).name).to.equal('Conditional Corp');
    });

    it('DeactivateOrg: its users cannot sign in, refresh or call the API; ReactivateOrg lets them in again', async () => {
      const orgId = people.owner.orgId;
      const { userName } = await people.person();
      const { tokens } = await signedIn(userName);
      expect(await apiTakes(tokens.access_token)).to.equal(true);
      expect(await apiTakes(people.owner.token)).to.equal(true);

      const deactivated = await asAdmin('POST', '/me/_deactivate', {}, orgId);
      expect(deactivated.status, deactivated.text).to.equal(200);
      expect((await orgRow(orgId)).state).to.equal('inactive');
      expect(await signInSays(userName)).to.equal(
        'This account cannot be used. Ask an administrator of your organization.',
      );
      expect(await refreshed(tokens.refresh_token!)).to.equal('invalid_grant');
      await pollUntil(
        () => apiTakes(tokens.access_token),
        (taken) => !taken,
        AUTH_CACHE_MS * 5,
      );
      expect(await apiTakes(people.owner.token), 'its owner too').to.equal(false);
      const again = await asAdmin('POST', '/me/_deactivate', {}, orgId);
      expect(again.status, again.text).to.equal(400);
      expect(again.body.details.at(-1).id).to.equal('ORG-NOT-ACTIVE');
      // Out of reach of every other operation, the instance owner's too, until reactivated.
      const read = await service.call('GET', '/management/v1/orgs/me', {
        token: admin.token,
        orgId,
      });
      expect(read.status, read.text).to.equal(403);

      const reactivated = await asAdmin('POST', '/me/_reactivate', {}, orgId);
      expect(reactivated.status, reactivated.text).to.equal(200);
      expect(await signInSays(userName)).to.equal('signed in');
      const { tokens: fresh } = await signedIn(userName);
      expect(await apiTakes(fresh.access_token)).to.equal(true);
      await pollUntil(
        () => apiTakes(people.owner.token),
        (taken) => taken,
        AUTH_CACHE_MS * 5,
      );
      const kinds = (await service.events(orgId)).map((event) => event.type);
      expect(kinds.filter((kind) => /activated$/.test(kind))).to.deep.equal([
        'org.deactivated',
        'org.reactivated',
      ]);
      const twice = await asAdmin('POST', '/me/_reactivate', {}, orgId);
      expect(twice.body.details.at(-1).id).to.equal('ORG-NOT-INACTIVE');
    });

    it('refuses to deactivate the organization of the last active instance owners; with another one elsewhere, it is done', async () => {
      const refused = await asAdmin('POST', '/me/_deactivate', {}, admin.orgId);
      expect(refused.status, refused.text).to.equal(400);
      expect(refused.body.details.at(-1).id).to.equal('ORG-HOLDS-LAST-INSTANCE-OWNER');
      expect((await orgRow(admin.orgId)).state).to.equal('active');

      const second = await buildMember(service, { roles: ['IAM_OWNER'] });
      const done = await service.call('POST', '/management/v1/orgs/me/_deactivate', {
        token: second.token,
        orgId: admin.orgId,
        body: {},
      });
      expect(done.status, done.text).to.equal(200);
      // Now the second one's organization holds the last active instance owner.
      const last = await service.call('POST', '/management/v1/orgs/me/_deactivate', {
        token: second.token,
        orgId: second.orgId,
        body: {},
      });
      expect(last.body.details.at(-1).id).to.equal('ORG-HOLDS-LAST-INSTANCE-OWNER');
      const back = await service.call('POST', '/management/v1/orgs/me/_reactivate', {
        token: second.token,
        orgId: admin.orgId,
        body: {},
      });
      expect(back.status, back.text).to.equal(200);
      await pollUntil(
        () => apiTakes(admin.token),
        (taken) => taken,
        AUTH_CACHE_MS * 5,
      );
    });

    it('org.member.added is recorded after org.added, in the organization’s version order', async () => {
      const added = await asAdmin('POST', '', { name: 'Membered Ltd' });
      const { userId } = await buildMember(service, { orgId: added.body.id });
      const member = await service.call('POST', '/management/v1/orgs/me/members', {
        token: admin.token,
        orgId: added.body.id,
        body: { userId, roles: ['ORG_USER_VIEWER'] },
      });
      expect(member.status, member.text).to.equal(200);
      const events = await service.events(added.body.id);
      expect(events.map((event) => [event.type, event.aggregateVersion])).to.deep.equal([
        ['org.added', 1],
        ['org.member.added', 2],
      ]);
      expect((await orgRow(added.body.id)).version).to.equal(2);
    });
  },
  async () => ({ ...(await publicUrlEnv()), AUTH_CACHE_MS: String(AUTH_CACHE_MS) }),
);
