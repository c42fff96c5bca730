/**
 * The import rate against a database that already holds a million users: imports over JSON at 32
 * callers into two services side by side, one over an empty database and one over a database into
 * which `count` users, their events (published) and their read models were written straight into
 * the tables, measured in turn (empty, seeded, seeded, empty) so that the VM's drift from minute
 * to minute weighs on both alike. The seeding goes through MariaDB's sequence
 * engine (`INSERT … SELECT … FROM seq_1_to_N`), a copy of a user the API imported with its
 * userName, email and ids made unique, in ascending key order so it takes seconds, not the API's
 * hours.
 */
import type { DataSource } from 'typeorm';
import { createKafka } from '../shared/kafka/kafka-client.js';
import { createLogger } from '../shared/logging/logger.js';
import { buildOwner } from '../test/support/factories.js';
import { TestService } from '../test/support/test-service.js';
import { startWorkerProcess } from '../test/support/worker-process.js';
import { BCRYPT, sleep } from './bench-report.js';
import { drained } from './drained.js';
import type { Fixtures, LoadSpec } from './load.js';
import { LOAD_SCRIPT, measured, type Figures } from './measure.js';
import { publicUrlEnv } from '../test/support/relying-party.js';
import { serviceProcesses, type Watch } from './process-cpu.js';

/** Rows per INSERT … SELECT: a transaction of its own each, small enough for the undo log. */
const CHUNK = 100_000;

export interface SeededResult {
  users: number;
  /** Every user and event in the database once the second measure ended. */
  usersStoredAfter: number;
  eventsStoredAfter: number;
  seedSeconds: number;
  /** How long InnoDB took after the seed to write out its dirty pages, before the measure. */
  flushSeconds: number;
  /** Each measure of the empty database's service, in the order taken (the first and last). */
  empty: Figures[];
  /** Each measure of the seeded database's service, in the order taken (the two between). */
  seeded: Figures[];
  /** The mean requests/s with the users stored over the mean without them. */
  ratio: number;
}

/** The mean requests/s of `runs`. */
export function meanRate(runs: Figures[]): number {
  return Math.round(runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length);
}

/** An id of the seeded row `seq` of `kind` (0 users, 1… their events): a UUIDv7's shape, ascending. */
const seededId = (kind: number) =>
  `CONCAT('00000000-0000-7', LPAD(${kind}, 3, '0'), '-8000-', LPAD(HEX(s.seq), 12, '0'))`;

async function columnsOf(dataSource: DataSource, table: string): Promise<string[]> {
  const rows: { name: string }[] = await dataSource.query(
    `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [table],
  );
  return rows.map(({ name }) => name);
}

/**
 * Copies the row `where` picks out of `table` once per sequence number in [from, to], each
 * column from the template unless `overrides` gives its expression (over `s.seq`).
 */
async function copies(
  dataSource: DataSource,
  table: string,
  where: { sql: string; parameters: unknown[] },
  overrides: Record<string, string>,
  count: number,
): Promise<void> {
  const columns = (await columnsOf(dataSource, table)).filter((name) => name !== 'position');
  const values = columns.map((name) => overrides[name] ?? `t.\`${name}\``);
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await dataSource.query(
      `INSERT INTO \`${table}\` (${columns.map((name) => `\`${name}\``).join(', ')})
       SELECT ${values.join(', ')}
       FROM seq_${from}_to_${to} s JOIN (SELECT * FROM \`${table}\` WHERE ${where.sql}) t`,
      where.parameters,
    );
  }
}

/** Writes `count` copies of `template` (a user the API imported), its events and read model. */
export async function seedUsers(
  dataSource: DataSource,
  template: string,
  count: number,
): Promise<void> {
  const userName = `CONCAT('seed-', s.seq)`;
  const email = `CONCAT('seed-', s.seq, '@example.com')`;
  const byId = { sql: 'id = ?', parameters: [template] };
  await copies(
    dataSource,
    'users',
    byId,
    { id: seededId(0), user_name: userName, user_name_lower: userName, email },
    count,
  );
  const events: { position: string }[] = await dataSource.query(
    'SELECT position FROM events WHERE aggregate_id = ? ORDER BY position',
    [template],
  );
  for (const [index, { position }] of events.entries()) {
    await copies(
      dataSource,
      'events',
      { sql: 'position = ?', parameters: [position] },
      { id: seededId(index + 1), aggregate_id: seededId(0), published_at: 'NOW(3)' },
      count,
    );
  }
  await copies(
    dataSource,
    'user_read_models',
    byId,
    { id: seededId(0), user_name: userName, email },
    count,
  );
}

/**
 * Waits until InnoDB has written out what the seed left dirty in its buffer pool (a gigabyte and
 * more), so that the measure after it is of a database holding the users, not of one still
 * flushing their insertion; gives up after two minutes.
 */
async function flushed(dataSource: DataSource): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const [{ dirty, total }] = (await dataSource.query(
      `SELECT
         (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS
          WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_DIRTY') AS dirty,
         (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS
          WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_TOTAL') AS total`,
    )) as [{ dirty: string; total: string }];
    if (Number(dirty) <= Number(total) * 0.02) return;
    await sleep(1000);
  }
  console.error('bench: InnoDB was still flushing the seed after two minutes');
}

/** Waits until the worker has the template user's read model (the seed copies it). */
async function readModelOf(dataSource: DataSource, userId: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const rows: unknown[] = await dataSource.query('SELECT id FROM user_read_models WHERE id = ?', [
      userId,
    ]);
    if (rows.length > 0) return;
    await sleep(100);
  }
  throw new Error(`the worker never wrote the read model of ${userId}`);
}

/** A service over a database of its own: the API and the relay in this process, a worker process. */
interface Side {
  service: TestService;
  fixtures: Fixtures;
  watch: Watch;
  close(): Promise<void>;
}

async function startSide(env: Record<string, string>, smtpUrl: string): Promise<Side> {
  const service = await TestService.start({ ...env, ...(await publicUrlEnv()) });
  await service.startRelay();
  const worker = startWorkerProcess(service.config, smtpUrl);
  const admin = createKafka(service.config.kafka, createLogger('silent')).admin();
  await admin.connect();
  const owner = await buildOwner(service);
  return {
    service,
    fixtures: {
      httpUrl: service.api.url,
      grpcAddress: service.api.grpcAddress,
      ownerToken: await service.token(owner.userId, { ttlSeconds: 3600 }),
      userTokens: [],
      projectIds: [],
    },
    watch: {
      processes: serviceProcesses(worker.pid, {
        database: service.config.databaseUrl,
        kafka: service.config.kafka.brokers.join(','),
        redis: service.config.redisUrl,
      }),
      settled: drained(admin, service.config),
    },
    async close() {
      await admin.disconnect();
      worker.kill('SIGTERM');
      await service.close();
    },
  };
}

/**
 * Two services of their own, so that "empty" means empty: one stays so, the other gets the users
 * seeded; then each is measured twice, in turn.
 */
export async function seededPart(options: {
  env: Record<string, string>;
  smtpUrl: string;
  users: number;
  seconds: number;
  runId: string;
}): Promise<SeededResult> {
  const { users, seconds, runId } = options;
  const empty = await startSide(options.env, options.smtpUrl);
  const seeded = await startSide(options.env, options.smtpUrl).catch(async (error: unknown) => {
    await empty.close();
    throw error;
  });
  try {
    const spec = (side: Side, name: string): LoadSpec => ({
      operation: 'ImportHashedPassword',
      transport: 'JSON',
      concurrency: 32,
      seconds,
      runId: `${runId}${name}`,
      fixtures: side.fixtures,
    });
    // The processes are new: a run unmeasured first, as the other parts' rows had runs before.
    await measured(LOAD_SCRIPT, spec(empty, 'seedwarm0'));
    await measured(LOAD_SCRIPT, spec(seeded, 'seedwarm1'));
    const template = await importTemplate(seeded.fixtures, runId);
    await readModelOf(seeded.service.dataSource, template);
    const started = performance.now();
    await seedUsers(seeded.service.dataSource, template, users);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.error(`seeded ${users} users with their events and read models in ${seedSeconds} s`);
    const flushStarted = performance.now();
    await flushed(seeded.service.dataSource);
    const flushSeconds = Math.round((performance.now() - flushStarted) / 100) / 10;
    const runs: Record<'empty' | 'seeded', Figures[]> = { empty: [], seeded: [] };
    const order = [empty, seeded, seeded, empty];
    for (const [index, side] of order.entries()) {
      const figures = await measured(LOAD_SCRIPT, spec(side, `seed${index}`), side.watch);
      runs[side === empty ? 'empty' : 'seeded'].push(figures);
    }
    const [{ stored }] = (await seeded.service.dataSource.query(
      'SELECT COUNT(*) AS stored FROM users',
    )) as [{ stored: string }];
    const [{ events }] = (await seeded.service.dataSource.query(
      'SELECT COUNT(*) AS events FROM events',
    )) as [{ events: string }];
    return {
      users,
      flushSeconds,
      usersStoredAfter: Number(stored),
      eventsStoredAfter: Number(events),
      seedSeconds,
      ...runs,
      ratio: Math.round((meanRate(runs.seeded) / meanRate(runs.empty)) * 100) / 100,
    };
  } finally {
    await seeded.close();
    await empty.close();
  }
}

/** One user imported through the API, as the load imports them: the seed's template. */
async function importTemplate(fixtures: Fixtures, runId: string): Promise<string> {
  const userName = `${runId}-template`;
  const response = await fetch(`${fixtures.httpUrl}/management/v1/users/human/_import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${fixtures.ownerToken}` },
    body: JSON.stringify({
      userName,
      profile: { firstName: 'Bench', lastName: 'Seed' },
      email: { email: `${userName}@example.com`, isEmailVerified: true },
      hashedPassword: { value: BCRYPT },
    }),
  });
  if (!response.ok) throw new Error(`the template import failed: ${response.status}`);
  return ((await response.json()) as { userId: string }).userId;
}
