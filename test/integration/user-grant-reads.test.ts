import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { expectErrorOf } from '../support/service-error.js';

const AFTER = 'x-identity-after-sequence';

describeOnEachDatabase(
  'Reading user grants: ListUserGrants from the read model',
  (service) => {
    let owner: BuiltMember;
    let partner: BuiltMember;
    let zoo: string;
    let safari: string;
    const users: Record<string, string> = {};
    const grants: Record<string, string> = {};
    /** The sequence of each organization's last write, which a read of it waits for. */
    const last: Record<string, string> = {};
    /** The sequence of the owner's last user grant. */
    let lastGrantWrite = '';

    const manage = async (caller: BuiltMember, method: string, path: string, body?: object) => {
      const response = await service.call(method, `/management/v1${path}`, {
        token: caller.token,
        ...(body && { body }),
      });
      expect(response.status, response.text).to.equal(200);
      last[caller.orgId] = response.body.details.sequence;
      return response.body;
    };
    const list = (body: object, caller = owner) =>
      service.call('POST', '/management/v1/users/grants/_search', {
        token: caller.token,
        body,
        ...(last[caller.orgId] && { headers: { [AFTER]: last[caller.orgId]! } }),
      });
    const namesOf = async (body: object, caller = owner) => {
      const answer = await list(body, caller);
      expect(answer.status, answer.text).to.equal(200);
      return (answer.body.result as { userName: string; projectName: string }[])
        .map((grant) => `${grant.userName}@${grant.projectName}`)
        .sort();
    };

    before(async () => {
      owner = await buildOwner(service);
      partner = await buildOwner(service);
      await service.startWorker();
      zoo = (await buildProject(service, { orgId: owner.orgId, name: 'Zoo' })).projectId;
      safari = (await buildProject(service, { orgId: owner.orgId, name: 'Safari' })).projectId;
      for (const [project, keys] of [
        [zoo, ['keeper', 'Vet']],
        [safari, ['guide']],
      ] as const)
        for (const roleKey of keys)
          await manage(owner, 'POST', `/projects/${project}/roles`, {
            roleKey,
            displayName: roleKey,
          });
      for (const [name, first, last_] of [
        ['ada', 'Ada', 'Lovelace'],
        ['Bob', 'Bob', 'Builder'],
      ] as const) {
        const imported = await manage(owner, 'POST', '/users/human/_import', {
          userName: name,
          profile: { firstName: first, lastName: last_ },
          email: { email: `${name.toLowerCase()}@zoo.example`, isEmailVerified: true },
          password: 'Sup3r-secret!',
        });
        users[name] = imported.userId;
      }
      const grant = async (user: string, projectId: string, roleKeys: string[]) => {
        const { userGrantId } = await manage(owner, 'POST', `/users/${users[user]}/grants`, {
          projectId,
          roleKeys,
        });
        lastGrantWrite = last[owner.orgId]!;
        return userGrantId;
      };
      grants.adaZoo = await grant('ada', zoo, ['keeper', 'Vet']);
      grants.bobZoo = await grant('Bob', zoo, ['keeper']);
      grants.adaSafari = await grant('ada', safari, ['guide']);
      // The partner organization's user holds a role of the zoo through a project grant.
      const projectGrant = await manage(owner, 'POST', `/projects/${zoo}/grants`, {
        grantedOrgId: partner.orgId,
        roleKeys: ['Vet'],
      });
      grants.projectGrant = projectGrant.grantId;
      const carol = await manage(partner, 'POST', '/users/human/_import', {
        userName: 'carol',
        profile: { firstName: 'Carol', lastName: 'Partner' },
        email: { email: 'carol@partner.example' },
      });
      users.carol = carol.userId;
      grants.carolZoo = (
        await manage(partner, 'POST', `/users/${carol.userId}/grants`, {
          projectId: zoo,
          roleKeys: ['Vet'],
        })
      ).userGrantId;
    });

    it("answers the organization's users' grants with their user and project, once reduced", async () => {
      const answer = await list({ query: { asc: true } });
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.details.totalResult).to.equal('3');
      const [first] = answer.body.result;
      const { details, ...grant } = first;
      expect(grant).to.deep.equal({
        id: grants.adaZoo,
        roleKeys: ['keeper', 'Vet'],
        state: 'USER_GRANT_STATE_ACTIVE',
        userId: users.ada,
        userName: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@zoo.example',
        displayName: 'Ada Lovelace',
        orgId: owner.orgId,
        projectId: zoo,
        projectName: 'Zoo',
        userType: 'TYPE_HUMAN',
      });
      expect(details.resourceOwner).to.equal(owner.orgId);
      // The user grants' read model got at least as far as the owner's last grant (a later
      // write of a project is none of its events).
      expect(Number(answer.body.details.processedSequence)).to.be.at.least(Number(lastGrantWrite));
      const partners = await list({}, partner);
      expect(partners.body.result).to.have.length(1);
      expect(partners.body.result[0]).to.deep.include({
        id: grants.carolZoo,
        userName: 'carol',
        orgId: partner.orgId,
        projectId: zoo,
        projectName: 'Zoo',
        projectGrantId: grants.projectGrant,
      });
    });

    it('finds grants by user, project, project grant, role key, names, email and type', async () => {
      const one = (query: object) => namesOf({ queries: [query] });
      expect(await one({ userIdQuery: { userId: users.ada } })).to.deep.equal([
        'ada@Safari',
        'ada@Zoo',
      ]);
      expect(await one({ projectIdQuery: { projectId: zoo } })).to.deep.equal([
        'Bob@Zoo',
        'ada@Zoo',
      ]);
      expect(
        await namesOf(
          { queries: [{ projectGrantIdQuery: { projectGrantId: grants.projectGrant } }] },
          partner,
        ),
      ).to.deep.equal(['carol@Zoo']);
      const text = (query: string, field: string, value: string, method: string) => ({
        [query]: { [field]: value, method: `TEXT_QUERY_METHOD_${method}` },
      });
      expect(await one(text('roleKeyQuery', 'roleKey', 'vet', 'EQUALS'))).to.deep.equal([]);
      expect(await one(text('roleKeyQuery', 'roleKey', 'vet', 'EQUALS_IGNORE_CASE'))).to.deep.equal(
        ['ada@Zoo'],
      );
      expect(await one(text('roleKeyQuery', 'roleKey', 'kee', 'STARTS_WITH'))).to.deep.equal([
        'Bob@Zoo',
        'ada@Zoo',
      ]);
      expect(
        await one(text('userNameQuery', 'userName', 'BOB', 'EQUALS_IGNORE_CASE')),
      ).to.deep.equal(['Bob@Zoo']);
      expect(await one(text('userNameQuery', 'userName', 'bob', 'EQUALS'))).to.deep.equal([]);
      expect(await one(text('firstNameQuery', 'firstName', 'Ad', 'STARTS_WITH'))).to.have.length(2);
      expect(
        await one(text('lastNameQuery', 'lastName', 'build', 'CONTAINS_IGNORE_CASE')),
      ).to.deep.equal(['Bob@Zoo']);
      expect(
        await one(text('emailQuery', 'email', 'BOB@ZOO.EXAMPLE', 'EQUALS_IGNORE_CASE')),
      ).to.deep.equal(['Bob@Zoo']);
      expect(await one(text('projectNameQuery', 'projectName', 'ari', 'ENDS_WITH'))).to.deep.equal([
        'ada@Safari',
      ]);
      expect(
        await one(text('displayNameQuery', 'displayName', 'Ada Lovelace', 'EQUALS')),
      ).to.have.length(2);
      expect(await one({ userTypeQuery: { type: 'TYPE_MACHINE' } })).to.deep.equal([]);
      expect(await one({ userTypeQuery: { type: 'TYPE_HUMAN' } })).to.have.length(3);
    });

    it('pages by cursor, and shows a change and a removal once reduced', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ query: { limit: 2, asc: true, ...(cursor && { cursor }) } });
        expect(page.body.details.totalResult).to.equal('3');
        seen.push(...(page.body.result as { id: string }[]).map((grant) => grant.id));
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal([grants.adaZoo, grants.bobZoo, grants.adaSafari].sort());
      await manage(owner, 'PUT', `/users/${users.Bob}/grants/${grants.bobZoo}`, {
        roleKeys: ['Vet'],
      });
      const changed = (await list({ queries: [{ userIdQuery: { userId: users.Bob } }] })).body;
      expect(changed.result[0].roleKeys).to.deep.equal(['Vet']);
      expect(changed.result[0].details.sequence).to.equal(last[owner.orgId]);
      await manage(owner, 'DELETE', `/users/${users.Bob}/grants/${grants.bobZoo}`);
      expect(await namesOf({})).to.deep.equal(['ada@Safari', 'ada@Zoo']);
    });

    it('lets a user viewer read, but no project owner; another organization is not read', async () => {
      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      expect(await namesOf({}, viewer)).to.have.length(2);
      const projects = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_PROJECT_OWNER'],
      });
      expectErrorOf(await list({}, projects), 'AUTH-PERMISSION-DENIED');
      const stranger = await buildOwner(service);
      const theirs = await service.call('POST', '/management/v1/users/grants/_search', {
        token: stranger.token,
        body: { queries: [{ userIdQuery: { userId: users.ada } }] },
      });
      expect(theirs.status, theirs.text).to.equal(200);
      expect(theirs.body.result).to.deep.equal([]);
    });
  },
  { KAFKA_BROKERS: '' },
);
