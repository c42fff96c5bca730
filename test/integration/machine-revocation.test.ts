import { expect } from 'chai';
import * as oidc from 'openid-client';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  addGeneratedKey,
  addPersonalAccessToken,
  addSecret,
  assertionKey,
  buildMachine,
  clientCredentialsToken,
  machineClient,
  manageMachine,
  refusal,
  timeUntil,
  type BuiltMachine,
} from '../support/machine-users.js';
import { publicUrlEnv } from '../support/relying-party.js';
import type { TestService } from '../support/test-service.js';

/** The auth cache's lifetime here, as the README states its default: the bound of a revocation. */
const AUTH_CACHE_MS = 1000;

/**
 * Whether the API takes `token`: an ImportHumanUser with an empty body is refused as invalid
 * (400) once the caller is authenticated, and as UNAUTHENTICATED (401) before; nothing is written.
 */
async function accepted(service: TestService, token: string): Promise<boolean> {
  const { status } = await service.importUser({}, { token });
  expect(status).to.be.oneOf([400, 401]);
  return status === 400;
}

/** A machine user with a secret and a client-credentials token that works. */
async function withSecretToken(service: TestService) {
  const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
  const { clientSecret } = await addSecret(service, machine);
  const auth = oidc.ClientSecretBasic(clientSecret);
  const token = await clientCredentialsToken(service, machine.userId, auth);
  expect(await accepted(service, token)).to.equal(true);
  return { machine, auth, token };
}

describeOnEachDatabase(
  "Revoking machine users' tokens",
  (service) => {
    /**
     * Each revocation's time until the old token was refused, reported at the end; one still taken
     * after 5 s (five times the cache's lifetime) fails.
     */
    const measured: string[] = [];
    const untilRefused = async (what: string, token: string) => {
      const ms = await timeUntil(async () => !(await accepted(service, token)), 5_000);
      measured.push(`${what}: ${Math.round(ms)} ms`);
    };
    after(() => console.log(`      old tokens refused after: ${measured.join('; ')}`));

    const revocations: [string, (machine: BuiltMachine) => Promise<{ status: number }>][] = [
      ['removing the secret', (m) => manageMachine(service, m, 'DELETE', '/secret')],
      ['deactivating', (m) => manageMachine(service, m, 'POST', '/machine/_deactivate', {})],
      ['removing the machine user', (m) => manageMachine(service, m, 'DELETE', '/machine')],
    ];
    for (const [what, revoke] of revocations)
      it(`${what} stops new tokens at once and the old ones within the auth cache's lifetime`, async () => {
        const { machine, auth, token } = await withSecretToken(service);
        expect((await revoke(machine)).status).to.equal(200);
        expect(await refusal(clientCredentialsToken(service, machine.userId, auth))).to.equal(
          'invalid_client',
        );
        await untilRefused(what, token);
      });

    it('removing a key stops its assertions at once and the tokens within the lifetime', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { keyId, file } = await addGeneratedKey(service, machine);
      const auth = oidc.PrivateKeyJwt(await assertionKey(file));
      const token = await clientCredentialsToken(service, machine.userId, auth);
      expect(await accepted(service, token)).to.equal(true);
      expect((await manageMachine(service, machine, 'DELETE', `/keys/${keyId}`)).status).to.equal(
        200,
      );
      expect(await refusal(clientCredentialsToken(service, machine.userId, auth))).to.equal(
        'invalid_client',
      );
      await untilRefused('removing the key', token);
    });

    it('removing a personal access token refuses it within the lifetime', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { tokenId, token } = await addPersonalAccessToken(service, machine);
      expect(await accepted(service, token)).to.equal(true);
      const removed = await manageMachine(service, machine, 'DELETE', `/pats/${tokenId}`);
      expect(removed.status).to.equal(200);
      await untilRefused('removing the personal access token', token);
    });

    it('introspects its own token, and /oidc/revoke ends it for the API too', async () => {
      const { machine, auth, token } = await withSecretToken(service);
      const client = await machineClient(service, machine.userId, auth);
      const active = await oidc.tokenIntrospection(client, token);
      expect(active).to.include({
        active: true,
        client_id: machine.userId,
        sub: machine.userId,
        username: machine.userName,
      });
      expect(active.aud).to.equal(service.config.auth.audience);
      expect(active.exp! - active.iat!).to.equal(600);

      const other = await withSecretToken(service);
      const foreign = await oidc.tokenIntrospection(client, other.token);
      expect(foreign.active, "another client's token").to.equal(false);

      await oidc.tokenRevocation(client, token);
      expect((await oidc.tokenIntrospection(client, token)).active).to.equal(false);
      await untilRefused('/oidc/revoke', token);
      expect(await accepted(service, other.token), 'the other client keeps its token').to.equal(
        true,
      );
    });
  },
  async () => ({ ...(await publicUrlEnv()), AUTH_CACHE_MS: String(AUTH_CACHE_MS) }),
);
