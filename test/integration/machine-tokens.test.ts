import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildProject } from '../support/factories.js';
import {
  addGeneratedKey,
  addPersonalAccessToken,
  addSecret,
  assertionKey,
  buildMachine,
  clientCredentialsToken,
  manageMachine,
  refusal,
  type BuiltMachine,
} from '../support/machine-users.js';
import { identityctl } from '../support/identityctl.js';
import { minimalImport } from '../support/requests.js';
import { publicUrlEnv } from '../support/relying-party.js';
import type { TestService } from '../support/test-service.js';

const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-debian-package.sh', import.meta.url));
const OAUTHLIB = '/usr/lib/python3/dist-packages/requests_oauthlib/__init__.py';

/**
 * Client credentials with requests-oauthlib (Debian's python3-requests-oauthlib), then the token
 * on ImportHumanUser with requests: a client we did not write, end to end. Prints the import's
 * HTTP status and the token type.
 */
const PYTHON_CLIENT = `
import json, sys
import requests
from oauthlib.oauth2 import BackendApplicationClient
from requests_oauthlib import OAuth2Session
issuer, client_id, secret, user_name = sys.argv[1:5]
session = OAuth2Session(client=BackendApplicationClient(client_id=client_id))
token = session.fetch_token(token_url=issuer + "/oidc/token", client_id=client_id, client_secret=secret)
response = requests.post(issuer + "/management/v1/users/human/_import",
    headers={"Authorization": "Bearer " + token["access_token"]},
    json={"userName": user_name, "profile": {"firstName": "Py", "lastName": "Thon"},
          "email": {"email": user_name + "@example.com", "isEmailVerified": True}})
print(json.dumps({"status": response.status_code, "tokenType": token["token_type"]}))
`;

/** What a machine user may do with a token: import users (user.write), update a project (project.write). */
async function reach(service: TestService, machine: BuiltMachine, token: string) {
  const project = await buildProject(service, { orgId: machine.orgId });
  const imported = await service.importUser(minimalImport(`m-${randomBytes(5).toString('hex')}`), {
    token,
  });
  const updated = await service.updateProject(
    project.projectId,
    { name: `${project.name} renamed` },
    { token },
  );
  return { imported: imported.status, updated: updated.status };
}

describeOnEachDatabase(
  "Machine users' tokens",
  (service) => {
    it('client credentials through openid-client, with the secret in the header or the body, act within the roles', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { clientId, clientSecret } = await addSecret(service, machine);
      expect(clientId).to.equal(machine.userId);
      for (const auth of [
        oidc.ClientSecretBasic(clientSecret),
        oidc.ClientSecretPost(clientSecret),
      ]) {
        const token = await clientCredentialsToken(service, clientId, auth);
        expect(await reach(service, machine, token)).to.deep.equal({ imported: 200, updated: 403 });
      }
      const wrong = clientCredentialsToken(service, clientId, oidc.ClientSecretBasic('not-it'));
      expect(await refusal(wrong)).to.equal('invalid_client');
    });

    it('private_key_jwt with the key file the service makes, and with a key of our own', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_PROJECT_OWNER'] });
      const { file } = await addGeneratedKey(service, machine);
      expect(file).to.include({ type: 'serviceaccount', userId: machine.userId });
      const generated = await clientCredentialsToken(
        service,
        machine.userId,
        oidc.PrivateKeyJwt(await assertionKey(file)),
      );
      expect(await reach(service, machine, generated)).to.deep.equal({
        imported: 403,
        updated: 200,
      });

      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const ours = await manageMachine(service, machine, 'POST', '/keys', {
        type: 'KEY_TYPE_JSON',
        publicKey: Buffer.from(await exportSPKI(publicKey)).toString('base64'),
      });
      expect(ours.status, ours.text).to.equal(200);
      expect(ours.body).not.to.have.property('keyDetails');
      const own = await clientCredentialsToken(
        service,
        machine.userId,
        oidc.PrivateKeyJwt({ key: privateKey as oidc.CryptoKey, kid: ours.body.keyId }),
      );
      expect(await reach(service, machine, own)).to.deep.equal({ imported: 403, updated: 200 });
    });

    it('refuses a client assertion used twice, and one that lives too long', async () => {
      const machine = await buildMachine(service);
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const added = await manageMachine(service, machine, 'POST', '/keys', {
        publicKey: Buffer.from(await exportSPKI(publicKey)).toString('base64'),
      });
      const tokenUrl = `${service.config.publicUrl}/oidc/token`;
      const assertion = (lifetime: number) =>
        new SignJWT({ jti: crypto.randomUUID() })
          .setProtectedHeader({ alg: 'ES256', kid: added.body.keyId })
          .setIssuer(machine.userId)
          .setSubject(machine.userId)
          .setAudience(tokenUrl)
          .setIssuedAt()
          .setExpirationTime(`${lifetime}s`)
          .sign(privateKey);
      const ask = (jwt: string) =>
        fetch(tokenUrl, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: jwt,
          }),
        });
      const once = await assertion(60);
      expect((await ask(once)).status).to.equal(200);
      const again = await ask(once);
      expect(again.status).to.equal(401);
      expect(await again.json()).to.include({ error: 'invalid_client' });
      expect((await ask(await assertion(3600))).status).to.equal(401);
    });

    it('takes a personal access token as a bearer token, within the roles', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { token } = await addPersonalAccessToken(service, machine);
      expect(token).to.match(/^pat_[A-Za-z0-9_-]{43}$/);
      expect(await reach(service, machine, token)).to.deep.equal({ imported: 200, updated: 403 });
      const unknown = await service.importUser(
        minimalImport(`m-${randomBytes(5).toString('hex')}`),
        { token: `${token.slice(0, -2)}xx` },
      );
      expect(unknown.status).to.equal(401);
    });

    it('gives requests-oauthlib (Python) a token by client credentials that imports a user', async () => {
      await promisify(execFile)(ENSURE, ['python3-requests-oauthlib', OAUTHLIB], {
        timeout: 600_000,
      });
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { clientId, clientSecret } = await addSecret(service, machine);
      const { stdout } = await promisify(execFile)(
        '/usr/bin/python3',
        [
          '-c',
          PYTHON_CLIENT,
          service.config.publicUrl,
          clientId,
          clientSecret,
          `py-${machine.userName}`,
        ],
        // oauthlib refuses plain http but for this switch: the service listens on loopback here.
        { env: { ...process.env, OAUTHLIB_INSECURE_TRANSPORT: '1' } },
      );
      expect(JSON.parse(stdout)).to.deep.equal({ status: 200, tokenType: 'Bearer' });
    });

    it("moves users here with identityctl migrate on a machine user's personal access token", async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { token } = await addPersonalAccessToken(service, machine);
      const dir = await mkdtemp(join(tmpdir(), 'machine-migrate-'));
      try {
        const file = join(dir, 'users.csv');
        const rows = [1, 2, 3].map((i) => `m${i},${machine.userName}-u${i},u${i}@example.com,A,B`);
        await writeFile(file, ['id,login,mail,first,last', ...rows].join('\n'));
        const map = ['id=externalId', 'login=userName', 'mail=email', 'first=firstName'];
        const run = await identityctl(
          { API_URL: service.api.url, TOKEN: token },
          ...['migrate', '--from', 'csv', '--in', file, '--map', 'last=lastName'],
          ...map.flatMap((pair) => ['--map', pair]),
        );
        expect(run.code, run.stderr).to.equal(0);
        expect(run.json).to.include({ inserted: 3, refused: 0 });
        expect(
          await service.count('users', 'org_id = ? AND external_id LIKE ?', [machine.orgId, 'm%']),
        ).to.equal(3);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('gives no token to a client that is not a machine user or has no such credential', async () => {
      const machine = await buildMachine(service);
      const noSecret = clientCredentialsToken(service, machine.userId, oidc.ClientSecretBasic('x'));
      expect(await refusal(noSecret)).to.equal('invalid_client');
      const nobody = clientCredentialsToken(
        service,
        crypto.randomUUID(),
        oidc.ClientSecretBasic('x'),
      );
      expect(await refusal(nobody)).to.equal('invalid_client');
    });
  },
  publicUrlEnv,
);
