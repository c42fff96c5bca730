import { expect } from 'chai';
import { identityctl, identityctlEnv } from '../support/identityctl.js';
import { buildOrg, buildProject, buildUser } from '../support/factories.js';
import { describeWithService } from '../support/databases.js';

describeWithService(
  'identityctl for sign-in: initialization emails and OpenID clients',
  (service) => {
    let env: Record<string, string>;
    before(() => (env = identityctlEnv(service)));

    it('user resend-init asks for a new initialization email, for a user not yet activated only', async () => {
      const due = await buildUser(service);
      const active = await buildUser(service, {
        email: { email: 'active@example.com', isEmailVerified: true },
        password: 'Sup3r-secret!',
      });
      const requested = await identityctl(env, 'user', 'resend-init', '--user', due.userId);
      expect(requested.code, requested.stderr).to.equal(0);
      expect(requested.json).to.deep.equal({ userId: due.userId, requested: true });
      const events = await service.events(due.userId);
      expect(events.at(-1)).to.deep.include({
        type: 'user.human.init.code.requested',
        payload: { by: 'admin' },
      });
      const refused = await identityctl(env, 'user', 'resend-init', '--user', active.userId);
      expect(refused.code).to.equal(1);
      expect(refused.stderr.trim()).to.match(/^identityctl: user \S+ is activated already/);
      const unknown = await identityctl(env, 'user', 'resend-init', '--user', 'nobody');
      expect(unknown).to.include({ code: 1, stderr: 'identityctl: no user nobody\n' });
      expect(await service.count('events', "type = 'user.human.init.code.requested'")).to.equal(1);
    });

    it('registers OpenID clients, printing the secret of a confidential one once', async () => {
      const withKey = {
        ...env,
        SECRETS_ENCRYPTION_KEY: service.config.secretsEncryptionKey!.toString('base64'),
      };
      const args = [
        'client',
        'create',
        '--name',
        'Shop',
        '--redirect-uri',
        'https://shop.example/cb',
      ];
      const confidential = await identityctl(
        withKey,
        ...args,
        '--redirect-uri',
        'https://shop.example/cb2',
        '--post-logout-redirect-uri',
        'https://shop.example/',
      );
      expect(confidential.code, confidential.stderr).to.equal(0);
      expect(confidential.json).to.have.keys('clientId', 'clientSecret');
      const [row] = (await service.dataSource.query(
        "SELECT payload FROM oidc_payloads WHERE model = 'Client' AND id = ?",
        [confidential.json.clientId],
      )) as { payload: string }[];
      expect(row!.payload).not.to.contain(confidential.json.clientSecret);
      expect(JSON.parse(row!.payload)).to.deep.include({
        redirect_uris: ['https://shop.example/cb', 'https://shop.example/cb2'],
        post_logout_redirect_uris: ['https://shop.example/'],
      });
      const publicClient = await identityctl(withKey, ...args, '--public');
      expect(publicClient.json).to.have.keys('clientId');
      const both = await identityctl(withKey, ...args, '--public', '--confidential');
      expect(both.code).to.equal(2);

      const { projectId } = await buildProject(service, { orgId: (await buildOrg(service)).orgId });
      const app = await identityctl(withKey, ...args, '--project', projectId);
      expect(app.code, app.stderr).to.equal(0);
      expect(app.json).to.have.keys('appId', 'clientId', 'clientSecret');
      const [added] = (await service.events(projectId)).filter(
        (event) => event.type === 'project.application.added',
      );
      expect(added!.payload).to.deep.include({
        appId: app.json.appId,
        clientId: app.json.clientId,
      });
      const unknown = await identityctl(withKey, ...args, '--project', 'nope');
      expect(unknown).to.include({ code: 1, stderr: 'identityctl: no project nope\n' });
    });
  },
);
