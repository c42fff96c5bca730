import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { undoMigrationsThrough } from '../support/migrations.js';

/**
 * PendingEmails on a database with people: undone (the column goes, a waiting address with it),
 * done again. The people made before have no address waiting, and their email stays.
 */
describeOnEachDatabase(
  'The migration that keeps the address a person asked to change to',
  (service) => {
    it('adds users.pending_email, null for the people made before it', async () => {
      const { userId } = await buildOwner(service);
      const set = await service.call('PUT', '/auth/v1/users/me/email', {
        token: await service.token(userId),
        body: { email: 'waiting@migration.example' },
      });
      expect(set.status, set.text).to.equal(200);
      const { dataSource } = service;
      const columns = async () =>
        Object.keys(
          ((await dataSource.query('SELECT * FROM users WHERE id = ?', [userId])) as object[])[0]!,
        );
      await undoMigrationsThrough(dataSource, 'PendingEmails1764300000000');
      expect(await columns()).to.not.include('pending_email');
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await columns()).to.include('pending_email');
      const [row] = (await dataSource.query('SELECT email, pending_email FROM users WHERE id = ?', [
        userId,
      ])) as { email: string; pending_email: string | null }[];
      expect(row!.pending_email).to.equal(null);
      expect(row!.email).to.not.equal('waiting@migration.example');
    });
  },
);
