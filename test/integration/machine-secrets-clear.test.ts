import { expect } from 'chai';
import * as oidc from 'openid-client';
import { describeOnEachDatabase } from '../support/databases.js';
import { everyRow } from '../support/every-row.js';
import {
  addGeneratedKey,
  addPersonalAccessToken,
  addSecret,
  buildMachine,
  clientCredentialsToken,
  manageMachine,
} from '../support/machine-users.js';
import { publicUrlEnv } from '../support/relying-party.js';

describeOnEachDatabase(
  "Machine users' secrets",
  (service) => {
    it('never stores, logs or answers a client secret, a personal access token or a private key in the clear', async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { clientSecret } = await addSecret(service, machine);
      const { token: pat } = await addPersonalAccessToken(service, machine);
      const { file } = await addGeneratedKey(service, machine);
      const accessToken = await clientCredentialsToken(
        service,
        machine.userId,
        oidc.ClientSecretBasic(clientSecret),
      );
      // Used, refused and removed: every path that logs or answers something about them.
      const answers: string[] = [];
      for (const token of [pat, accessToken, `${pat}x`, clientSecret])
        answers.push((await service.importUser({ userName: '' }, { token })).text);
      const wrong = await fetch(`${service.config.publicUrl}/oidc/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: machine.userId,
          client_secret: `${clientSecret}x`,
        }),
      });
      answers.push(await wrong.text());
      answers.push((await manageMachine(service, machine, 'DELETE', '/secret')).text);

      const privateKeyBody = file.key.split('\n')[1]!;
      const stored = await everyRow(service);
      for (const [what, secret] of [
        ['client secret', clientSecret],
        ['personal access token', pat],
        ['private key', privateKeyBody],
      ] as const) {
        expect(stored, `${what} in a table`).not.to.include(secret);
        expect(service.logs.text, `${what} in the log`).not.to.include(secret);
        for (const answer of answers) expect(answer, `${what} in an answer`).not.to.include(secret);
      }
      expect(service.logs.text, 'the access token in the log').not.to.include(accessToken);
    });
  },
  publicUrlEnv,
);
