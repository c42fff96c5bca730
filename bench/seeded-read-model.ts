/**
 * An organization's user read model filled straight in the tables, as the worker writes it
 * (INSERT … SELECT from MariaDB's sequence engine), so that a read side can be measured at a
 * million users in seconds rather than through the API's hours.
 */
import mysql from 'mysql2/promise';
import type { RunningService } from './migrate-services.js';

/** Fills the organization's user read model with `users` users named as Keycloak's import names them. */
export async function seedUsers(databaseUrl: string, orgId: string, users: number): Promise<void> {
  const connection = await mysql.createConnection({ uri: databaseUrl });
  try {
    const tag = orgId.slice(0, 8);
    for (let first = 0; first < users; first += 100_000) {
      const last = Math.min(users, first + 100_000) - 1;
      await connection.query(
        `INSERT INTO user_read_models (id, org_id, type, user_name, user_name_lower, state,
           first_name, last_name, display_name, gender, email, email_lower, email_verified,
           phone_verified, idp_links, has_password, password_change_required, has_otp, has_secret,
           sequence, creation_date, change_date)
         SELECT CONCAT(?, '-', LPAD(HEX(seq), 4, '0'), '-7000-8000-', LPAD(HEX(seq), 12, '0')), ?,
           'human', CONCAT('user', seq), CONCAT('user', seq), 'active', 'Import',
           CONCAT('User ', seq), CONCAT('Import User ', seq), 'GENDER_UNSPECIFIED',
           CONCAT('user', seq, '@example.com'), CONCAT('user', seq, '@example.com'), 1, 0, '[]',
           1, 0, 0, 0, seq + 1, NOW(3), NOW(3)
           FROM seq_${first}_to_${last}`,
        [tag, orgId],
      );
    }
    await connection.query('ANALYZE TABLE user_read_models');
  } finally {
    await connection.end();
  }
}

/** The service's organization (setup's, whose administrator's token it calls with), filled. */
export async function organization(service: RunningService, users: number) {
  const connection = await mysql.createConnection({ uri: service.databaseUrl! });
  const [rows] = await connection.query('SELECT id FROM organizations');
  await connection.end();
  const orgId = (rows as { id: string }[])[0]!.id;
  await seedUsers(service.databaseUrl!, orgId, users);
  return orgId;
}
