import { expect } from 'chai';
import * as oidc from 'openid-client';
import { administeredPeople } from '../support/administered-people.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { pollUntil } from '../support/poll.js';
import {
  authorization,
  discoveredClient,
  publicUrlEnv,
  REDIRECT_URI,
} from '../support/relying-party.js';
import { pageError, SignInBrowser } from '../support/sign-in-flow.js';

const PASSWORD = 'Project-keeper-1!';

describeOnEachDatabase(
  'The life of a project: add, deactivate, reactivate, remove',
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const projects = (method: string, path: string, body?: unknown) =>
      service.call(method, `/management/v1/projects${path}`, {
        token: people.owner.token,
        body: body ?? (method === 'DELETE' || method === 'GET' ? undefined : {}),
      });

    /** A project with a role, an application, a grant to another organization and a user grant. */
    async function project(name: string) {
      const added = await projects('POST', '', { name, projectRoleAssertion: true });
      expect(added.status, added.text).to.equal(200);
      const { id } = added.body;
      expect(
        (await projects('POST', `/${id}/roles`, { roleKey: 'keeper', displayName: 'Keeper' }))
          .status,
      ).to.equal(200);
      const app = await projects('POST', `/${id}/apps/oidc`, {
        name: 'Zoo app',
        redirectUris: [REDIRECT_URI],
      });
      expect(app.status, app.text).to.equal(200);
      const { userId, userName } = await people.person();
      const granted = await people.manage('POST', `/${userId}/grants`, {
        projectId: id,
        roleKeys: ['keeper'],
      });
      expect(granted.status, granted.text).to.equal(200);
      const client = await discoveredClient(
        service.config.publicUrl,
        app.body.clientId,
        app.body.clientSecret,
      );
      return { id, client, userId, userName, clientId: app.body.clientId as string };
    }

    /** Signs in to `client`: the callback's tokens, or what the page says. */
    async function signIn(client: oidc.Configuration, userName: string) {
      const { url, checks } = await authorization(client);
      const page = await new SignInBrowser(service.config.publicUrl).signIn(
        url,
        userName,
        PASSWORD,
      );
      if (!page.url.startsWith(REDIRECT_URI)) return { said: pageError(page) };
      return { tokens: await oidc.authorizationCodeGrant(client, new URL(page.url), checks) };
    }

    const readProject = (id: string) =>
      service.dataSource
        .query('SELECT state FROM project_read_models WHERE id = ?', [id])
        .then((rows: { state: string }[]) => rows[0]?.state);

    it('AddProject makes a project that reads back; its name is then taken in any case', async () => {
      const added = await projects('POST', '', { name: ' Aviary ', hasProjectCheck: true });
      expect(added.status, added.text).to.equal(200);
      // Read at once, waiting for the read model to show the write.
      const read = await service.call('GET', `/management/v1/projects/${added.body.id}`, {
        token: people.owner.token,
        headers: { 'x-identity-after-sequence': added.body.details.sequence },
      });
      expect(read.status, read.text).to.equal(200);
      expect(read.body.project).to.include({
        name: 'Aviary',
        state: 'PROJECT_STATE_ACTIVE',
        hasProjectCheck: true,
      });
      const [row] = await service.dataSource.query(
        'SELECT name, state, has_project_check AS checked FROM projects WHERE id = ?',
        [added.body.id],
      );
      expect([row.name, row.state, Boolean(Number(row.checked))]).to.deep.equal([
        'Aviary',
        'active',
        true,
      ]);
      const taken = await projects('POST', '', { name: 'AVIARY' });
      expect(taken.status).to.equal(409);
      expect(taken.body.details.at(-1).id).to.equal('PROJECT-NAME-ALREADY-EXISTS');
    });

    it('DeactivateProject: its application refuses sign-in and refreshes; ReactivateProject lets them in', async () => {
      const zoo = await project(`Zoo ${Date.now()}`);
      const before = await signIn(zoo.client, zoo.userName);
      expect(before.tokens?.refresh_token, before.said).to.be.a('string');

      const deactivated = await projects('POST', `/${zoo.id}/_deactivate`);
      expect(deactivated.status, deactivated.text).to.equal(200);
      expect(await signIn(zoo.client, zoo.userName)).to.deep.equal({
        said: 'This application is not available at the moment.',
      });
      const refresh = await oidc.refreshTokenGrant(zoo.client, before.tokens!.refresh_token!).then(
        () => 'refreshed',
        (error: { error?: string }) => error.error,
      );
      expect(refresh).to.equal('invalid_grant');
      await pollUntil(
        () => readProject(zoo.id),
        (state) => state === 'inactive',
      );
      const listed = await projects('POST', '/_search', { queries: [] });
      const shown = (listed.body.result as { id: string; state: string }[]).find(
        (each) => each.id === zoo.id,
      );
      expect(shown?.state).to.equal('PROJECT_STATE_INACTIVE');

      expect((await projects('POST', `/${zoo.id}/_reactivate`)).status).to.equal(200);
      const after = await signIn(zoo.client, zoo.userName);
      expect(after.tokens?.access_token, after.said).to.be.a('string');
    });

    it('RemoveProject takes its applications, roles, grants and user grants; its name is free again', async () => {
      const name = `Safari ${Date.now()}`;
      const safari = await project(name);
      const removed = await projects('DELETE', `/${safari.id}`);
      expect(removed.status, removed.text).to.equal(200);
      for (const table of ['applications', 'project_roles', 'project_grants', 'user_grants'])
        expect(await service.count(table, 'project_id = ?', [safari.id]), table).to.equal(0);
      expect(await service.count('projects', 'id = ?', [safari.id])).to.equal(0);
      expect(
        await service.count('oidc_payloads', "model = 'Client' AND id = ?", [safari.clientId]),
      ).to.equal(0);
      const userEvents = (await service.events(safari.userId)).map((event) => event.type);
      expect(userEvents.at(-1)).to.equal('user.grant.removed');
      expect((await service.events(safari.id)).at(-1)!.type).to.equal('project.removed');
      await pollUntil(
        () => readProject(safari.id),
        (state) => state === 'removed',
      );
      expect((await projects('GET', `/${safari.id}`)).status).to.equal(404);
      expect((await projects('DELETE', `/${safari.id}`)).status).to.equal(404);
      const again = await projects('POST', '', { name });
      expect(again.status, again.text).to.equal(200);
    });
  },
  publicUrlEnv,
);
