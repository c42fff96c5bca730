import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { uniqueNameKey } from '../../shared/unique-name-key.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';
import { buildMachine } from '../support/machine-users.js';

/**
 * UserReadModelSearch on a database that has users already: undone, rows of before added, done
 * again. Each row's search keys are what the worker would make (NFC, Unicode lower case), and
 * the machine users made before are in the read model.
 */
describeOnEachDatabase('The user read model search migration, over existing rows', (service) => {
  it('keys every existing user as the worker would, and copies the machine users in', async () => {
    const machine = await buildMachine(service);
    const { dataSource } = service;
    // Down to before it (and the migrations after it): the read model as it was, without the
    // machine user's row.
    await undoMigrationsThrough(dataSource, 'UserReadModelSearch1764010000000');
    const people = [
      { userName: 'Plain.Name', email: 'Plain@Example.com' },
      { userName: 'I\u0307STANBUL-Åse', email: 'ÅSE@Bücher.example' },
      { userName: 'Jose\u0301', email: 'JOSE\u0301@example.com' },
    ].map((person) => ({ ...person, id: randomUUID() }));
    for (const person of people)
      await dataSource.query(
        `INSERT INTO user_read_models (id, org_id, user_name, state, first_name, last_name,
           display_name, gender, email, email_verified, phone_verified, idp_links, has_password,
           password_change_required, has_otp, sequence, creation_date, change_date)
         VALUES (?, ?, ?, 'active', 'A', 'B', 'A B', 'GENDER_UNSPECIFIED', ?, 1, 0, '[]', 0, 0, 0,
           1, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')`,
        [person.id, machine.orgId, person.userName, person.email],
      );
    await dataSource.runMigrations({ transaction: 'each' });

    for (const person of people) {
      const [row] = (await dataSource.query(
        'SELECT user_name_lower, email_lower, type FROM user_read_models WHERE id = ?',
        [person.id],
      )) as { user_name_lower: string; email_lower: string; type: string }[];
      expect(row, person.userName).to.deep.equal({
        user_name_lower: uniqueNameKey(person.userName),
        email_lower: uniqueNameKey(person.email),
        type: 'human',
      });
    }
    const [copied] = (await dataSource.query(
      'SELECT type, user_name, user_name_lower, machine_name, state FROM user_read_models WHERE id = ?',
      [machine.userId],
    )) as Record<string, string>[];
    expect(copied).to.deep.equal({
      type: 'machine',
      user_name: machine.userName,
      user_name_lower: uniqueNameKey(machine.userName),
      machine_name: 'Provisioning job',
      state: 'active',
    });
  });
});
