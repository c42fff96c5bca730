import { expect } from 'chai';
import { administeredPeople } from '../support/administered-people.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import { pollUntil } from '../support/poll.js';
import { publicUrlEnv } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';

const PASSWORD = 'Lifecycle-keeper-1!';
/** The auth cache's lifetime here: a refusal of the API is due within it (polled up to 5 times it). */
const AUTH_CACHE_MS = 1000;

describeOnEachDatabase(
  'The life of a user: deactivate, reactivate, lock, unlock, remove',
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const { person, manage, signedIn, signInSays, apiTakes, refreshed } = people;

    const stored = async (userId: string) =>
      Number(
        (
          await service.dataSource.query(
            'SELECT COUNT(*) AS n FROM oidc_payloads WHERE account_id = ?',
            [userId],
          )
        )[0].n,
      );

    /**
     * Nothing of the person is left at the provider, the refresh token is refused, and the API
     * refuses the access token within the auth cache's lifetime.
     */
    async function expectAccessEnded(
      userId: string,
      tokens: { access_token: string; refresh_token?: string },
    ) {
      expect(await stored(userId)).to.equal(0);
      expect(await refreshed(tokens.refresh_token!)).to.equal('invalid_grant');
      await pollUntil(
        () => apiTakes(tokens.access_token),
        (taken) => !taken,
        AUTH_CACHE_MS * 5,
      );
    }

    const readState = async (userId: string) => {
      const rows = await service.dataSource.query(
        'SELECT state FROM user_read_models WHERE id = ?',
        [userId],
      );
      return rows[0]?.state as string | undefined;
    };

    for (const [change, undo, state, done, reverted] of [
      ['_deactivate', '_reactivate', 'inactive', 'deactivated', 'reactivated'],
      ['_lock', '_unlock', 'locked', 'locked', 'unlocked'],
    ] as const) {
      it(`${change}: sessions and refresh tokens end, the API refuses the token, the page says the account cannot be used; ${undo} lets them in again`, async () => {
        const { userId, userName } = await person();
        const { tokens } = await signedIn(userName);
        expect(await stored(userId), 'session, grant, refresh token').to.be.greaterThan(0);
        expect(await apiTakes(tokens.access_token)).to.equal(true);

        const response = await manage('POST', `/${userId}/${change}`);
        expect(response.status, response.text).to.equal(200);
        await expectAccessEnded(userId, tokens);
        expect(await signInSays(userName)).to.equal(
          'This account cannot be used. Ask an administrator of your organization.',
        );
        expect(await signInSays('nobody-has-this-name')).to.equal(
          'Unknown user name or wrong password.',
        );
        await pollUntil(
          () => readState(userId),
          (read) => read === state,
        );

        const undone = await manage('POST', `/${userId}/${undo}`);
        expect(undone.status, undone.text).to.equal(200);
        expect(await signInSays(userName)).to.equal('signed in');
        await pollUntil(
          () => readState(userId),
          (read) => read === 'active',
        );
        const kinds = (await service.events(userId)).map((event) => event.type);
        expect(kinds.filter((kind) => /activated|locked$/.test(kind))).to.deep.equal([
          `user.human.${done}`,
          `user.human.${reverted}`,
        ]);
      });
    }

    it('UnlockUser lifts the lock that failed sign-ins set; without one, USER-NOT-LOCKED', async () => {
      const { userId, userName } = await person();
      const refused = await manage('POST', `/${userId}/_unlock`);
      expect(refused.status).to.equal(400);
      expect(refused.body.details.at(-1).id).to.equal('USER-NOT-LOCKED');
      const { maxFailures } = service.config.signIn;
      for (let attempt = 0; attempt < maxFailures; attempt++) {
        await people.signIn(userName, 'wrong');
      }
      expect(await signInSays(userName)).to.match(
        /^Too many failed attempts\. Signing in is locked until/,
      );
      const unlocked = await manage('POST', `/${userId}/_unlock`);
      expect(unlocked.status, unlocked.text).to.equal(200);
      expect(await signInSays(userName)).to.equal('signed in');
      const [user] = await service.dataSource.query('SELECT state FROM users WHERE id = ?', [
        userId,
      ]);
      expect(user.state).to.equal('active');
    });

    it('RemoveUser takes everything of the person, ends their sessions, and frees the user name', async () => {
      const { userId, userName } = await person();
      const { projectId } = await buildProject(service, { orgId: people.owner.orgId });
      const role = await service.call('POST', `/management/v1/projects/${projectId}/roles`, {
        token: people.owner.token,
        body: { roleKey: 'keeper', displayName: 'Keeper' },
      });
      expect(role.status, role.text).to.equal(200);
      const grant = await service.call('POST', `/management/v1/users/${userId}/grants`, {
        token: people.owner.token,
        body: { projectId, roleKeys: ['keeper'] },
      });
      expect(grant.status, grant.text).to.equal(200);
      const member = await service.call('POST', '/management/v1/orgs/me/members', {
        token: people.owner.token,
        body: { userId, roles: ['ORG_USER_VIEWER'] },
      });
      expect(member.status, member.text).to.equal(200);
      const { tokens } = await signedIn(userName);

      const removed = await manage('DELETE', `/${userId}`);
      expect(removed.status, removed.text).to.equal(200);
      for (const table of ['users', 'user_grants', 'role_grants', 'user_codes', 'passkeys'])
        expect(
          await service.count(table, table === 'users' ? 'id = ?' : 'user_id = ?', [userId]),
          table,
        ).to.equal(0);
      await expectAccessEnded(userId, tokens);
      expect(await signInSays(userName)).to.equal('Unknown user name or wrong password.');
      const kinds = (await service.events(userId)).map((event) => event.type);
      expect(kinds.slice(-2)).to.deep.equal(['user.grant.removed', 'user.human.removed']);
      await pollUntil(
        () => readState(userId),
        (read) => read === 'removed',
      );
      const read = await service.call('GET', `/management/v1/users/${userId}`, {
        token: people.owner.token,
      });
      expect(read.status).to.equal(404);
      const grants = await service.dataSource.query(
        'SELECT removed FROM user_grant_read_models WHERE user_id = ?',
        [userId],
      );
      expect(grants.map((row: { removed: unknown }) => Boolean(Number(row.removed)))).to.deep.equal(
        [true],
      );

      const again = await service.importUser(
        { ...minimalImport(userName.toUpperCase()) },
        { token: people.owner.token },
      );
      expect(again.status, again.text).to.equal(200);
      expect((await manage('DELETE', `/${userId}`)).status).to.equal(404);
    });

    it('LockUser on a machine user: its token is refused until UnlockUser', async () => {
      const machine = await buildMachine(service, {
        owner: people.owner,
        roles: ['ORG_USER_VIEWER'],
      });
      const { token } = await addPersonalAccessToken(service, machine);
      const reads = async () =>
        (await service.call('GET', `/management/v1/users/${people.owner.userId}`, { token }))
          .status;
      expect(await reads()).to.not.equal(401);
      expect((await manage('POST', `/${machine.userId}/_lock`)).status).to.equal(200);
      await pollUntil(reads, (status) => status === 401, AUTH_CACHE_MS * 5);
      const reactivated = await manage('POST', `/${machine.userId}/_reactivate`);
      expect(reactivated.body.details.at(-1).id).to.equal('USER-NOT-INACTIVE');
      expect((await manage('POST', `/${machine.userId}/_unlock`)).status).to.equal(200);
      await pollUntil(reads, (status) => status !== 401, AUTH_CACHE_MS * 5);
    });

    it('takes If-Match: a stale ETag is 412 and changes nothing; the current one is taken', async () => {
      const { userId } = await person();
      const stale = await manage('POST', `/${userId}/_lock`, {}, { 'if-match': '"1"' });
      expect(stale.status).to.equal(412);
      expect(stale.body.details.at(-1).id).to.equal('RESOURCE-CHANGED');
      const [row] = await service.dataSource.query(
        'SELECT state, sequence FROM users WHERE id = ?',
        [userId],
      );
      expect(row.state).to.equal('active');
      const taken = await manage(
        'POST',
        `/${userId}/_lock`,
        {},
        { 'if-match': `"${row.sequence}"` },
      );
      expect(taken.status, taken.text).to.equal(200);
    });

    it('refuses the caller’s own deactivation, lock and removal, and changes nothing', async () => {
      const self = `/${people.owner.userId}`;
      for (const [method, path] of [
        ['POST', `${self}/_deactivate`],
        ['POST', `${self}/_lock`],
        ['DELETE', self],
      ] as const) {
        const refused = await manage(method, path);
        expect(refused.status, path).to.equal(400);
        expect(refused.body.details.at(-1).id).to.equal('USER-IS-CALLER');
      }
      const [row] = await service.dataSource.query('SELECT state FROM users WHERE id = ?', [
        people.owner.userId,
      ]);
      expect(row.state).to.equal('active');
    });

    it('refuses a user of another organization as not found, and changes nothing', async () => {
      const stranger = await buildOwner(service);
      const response = await manage('POST', `/${stranger.userId}/_deactivate`);
      expect(response.status).to.equal(404);
      expect(response.body.details.at(-1).id).to.equal('USER-NOT-FOUND');
      const [row] = await service.dataSource.query('SELECT state FROM users WHERE id = ?', [
        stranger.userId,
      ]);
      expect(row.state).to.equal('active');
    });
  },
  async () => ({ ...(await publicUrlEnv()), AUTH_CACHE_MS: String(AUTH_CACHE_MS) }),
);
