import { expect } from 'chai';
import * as oidc from 'openid-client';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  addGeneratedKey,
  addPersonalAccessToken,
  addSecret,
  buildMachine,
  clientCredentialsToken,
  manageMachine,
} from '../support/machine-users.js';
import { publicUrlEnv } from '../support/relying-party.js';
import type { TestService } from '../support/test-service.js';

/** Every row of every table of the service's database, as one text to search. */
async function everyRow(service: TestService): Promise<string> {
  const mysql = service.dataSource.options.type === 'mysql';
  const tables: { name: string }[] = await service.dataSource.query(
    mysql
      ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
      : "SELECT name FROM sqlite_master WHERE type = 'table'",
  );
  const rows = await Promise.all(
    tables.map(({ name }) => service.dataSource.query(`SELECT * FROM ${name}`)),
  );
  // Bytes as text too, so that a secret stored as bytes in the clear would be found.
  return JSON.stringify(rows, (_key, value: unknown) =>
    value && typeof value === 'object' && 'type' in value && value.type === 'Buffer'
      ? Buffer.from((value as unknown as { data: number[] }).data).toString('latin1')
      : value,
  );
}

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
