/**
 * The raw limit of `npm run bench`: what MariaDB itself does with the transaction an import
 * writes, sent straight through mysql2 with nothing of ours in the way (no HTTP, validation,
 * authentication or ORM). Each transaction, as ImportHumanUser with a hashed password writes it,
 * in one round trip (at the server's default isolation level, where the service sets READ
 * COMMITTED): START TRANSACTION; the events (user.human.added and user.human.password.set)
 * in one multi-row INSERT; the user row with its unique userName; COMMIT. Into `raw_events` and `raw_users`, copies of the
 * real tables (indexes and the organization's foreign key included), so nothing publishes them.
 *
 * Run as its own process, like the API's load, from `concurrency` loops for `seconds`; prints
 * one JSON line: {requests, errors, seconds, latenciesMs}.
 */
import { BCRYPT, closedLoops, runAsChild, type LoadResult } from './bench-report.js';
import { randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';

export interface RawSpec {
  databaseUrl: string;
  orgId: string;
  concurrency: number;
  seconds: number;
  runId: string;
}

async function runRawLoad(spec: RawSpec): Promise<LoadResult> {
  const pool = mysql.createPool({
    uri: spec.databaseUrl,
    connectionLimit: spec.concurrency,
    timezone: 'Z',
    multipleStatements: true,
  });
  // A connection per loop, held for the run, as a pooled API holds one per transaction.
  const connections = await Promise.all(
    Array.from({ length: spec.concurrency }, () => pool.getConnection()),
  );
  try {
    return await closedLoops(spec.concurrency, spec.seconds, async (loop, i) => {
      const connection = connections[loop]!;
      try {
        await importShape(connection, spec, `${spec.runId}-raw-${loop}-${i}`);
        return true;
      } catch {
        await connection.query('ROLLBACK').catch(() => undefined);
        return false;
      }
    });
  } finally {
    for (const connection of connections) connection.release();
    await pool.end();
  }
}

async function importShape(
  connection: mysql.PoolConnection,
  spec: RawSpec,
  userName: string,
): Promise<void> {
  const userId = randomUUID();
  const now = new Date();
  const profile = {
    userName,
    firstName: 'Bench',
    lastName: 'Raw',
    displayName: 'Bench Raw',
    gender: 'GENDER_UNSPECIFIED',
    email: `${userName}@example.com`,
    isEmailVerified: true,
  };
  // One round trip, as the service sends it: START TRANSACTION, the events, the user row whose
  // sequence is the last event's position, COMMIT.
  await connection.query(
    `START TRANSACTION;
     INSERT INTO raw_events (id, type, aggregate_type, aggregate_id, aggregate_version, org_id, payload, created_at)
     VALUES (?, 'user.human.added', 'user', ?, 1, ?, ?, ?), (?, 'user.human.password.set', 'user', ?, 2, ?, ?, ?);
     INSERT INTO raw_users (id, org_id, user_name, user_name_lower, state, first_name, last_name,
       display_name, gender, email, email_verified, phone_verified, password_hash,
       password_change_required, version, sequence, creation_date, change_date)
     VALUES (?, ?, ?, ?, 'active', 'Bench', 'Raw', 'Bench Raw', 'GENDER_UNSPECIFIED', ?, 1, 0, ?, 0, 2, LAST_INSERT_ID() + 1, ?, ?);
     COMMIT`,
    [
      randomUUID(),
      userId,
      spec.orgId,
      JSON.stringify({ ...profile, initializationRequired: false }),
      now,
      randomUUID(),
      userId,
      spec.orgId,
      JSON.stringify({ changeRequired: false }),
      now,
      userId,
      spec.orgId,
      userName,
      userName.toLowerCase(),
      profile.email,
      BCRYPT,
      now,
      now,
    ],
  );
}

/** Makes the copies of the tables the raw limit writes to. */
export async function createRawTables(databaseUrl: string): Promise<void> {
  await onConnection(databaseUrl, async (connection) => {
    await connection.query('CREATE TABLE raw_events LIKE events');
    await connection.query('CREATE TABLE raw_users LIKE users');
    await connection.query(
      'ALTER TABLE raw_users ADD CONSTRAINT raw_users_org_fk FOREIGN KEY (org_id) REFERENCES organizations (id)',
    );
  });
}

/**
 * Drops the copies once the raw limit is measured, and with them the pages its writes left
 * dirty: ~4,000 of the 8,192 in a 128 MiB buffer pool after its four runs, with the redo log's
 * checkpoint age at 50 of its 80 MB. Left there, InnoDB flushed them during the cells measured
 * next, the service's first imports.
 */
export async function dropRawTables(databaseUrl: string): Promise<void> {
  await onConnection(databaseUrl, async (connection) => {
    await connection.query('DROP TABLE raw_users, raw_events');
  });
}

async function onConnection(
  databaseUrl: string,
  work: (connection: mysql.Connection) => Promise<void>,
): Promise<void> {
  const connection = await mysql.createConnection({ uri: databaseUrl });
  try {
    await work(connection);
  } finally {
    await connection.end();
  }
}

runAsChild(runRawLoad);
