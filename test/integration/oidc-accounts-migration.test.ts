import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';

/**
 * OidcAccounts on a database with the provider's rows of before: undone, rows added without
 * `account_id`, done again. A person's session, grant and refresh token are filed under them (so
 * that deactivating them ends these too); a client and an interaction are not.
 */
describeOnEachDatabase(
  'The migration that files the provider’s rows under their person',
  (service) => {
    it('files a person’s rows stored before under their id, and nothing else', async () => {
      const { dataSource } = service;
      // Down to before it (and the migrations after it).
      await undoMigrationsThrough(dataSource, 'OidcAccounts1764020000000');
      const accountId = randomUUID();
      const rows = [
        ['Session', { accountId, exp: 1 }],
        ['Grant', { accountId, clientId: 'c' }],
        ['RefreshToken', { accountId, grantId: 'g' }],
        ['Interaction', { session: { accountId } }],
        ['Client', { client_id: 'c' }],
      ] as const;
      for (const [model, payload] of rows)
        await dataSource.query('INSERT INTO oidc_payloads (model, id, payload) VALUES (?, ?, ?)', [
          model,
          `${model}-${accountId}`,
          JSON.stringify(payload),
        ]);
      await dataSource.runMigrations({ transaction: 'each' });
      const filed = (await dataSource.query(
        'SELECT model FROM oidc_payloads WHERE account_id = ? ORDER BY model',
        [accountId],
      )) as { model: string }[];
      expect(filed.map(({ model }) => model)).to.deep.equal(['Grant', 'RefreshToken', 'Session']);
    });
  },
);
