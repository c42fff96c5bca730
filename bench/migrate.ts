/**
 * Migration benchmark: a Keycloak-format export (bcrypt passwords, as the keycloak-bcrypt
 * provider stores them) moved here by the migration tool, on this machine.
 *
 *   npm run bench:migrate [-- --users 1000000 --embedded-users 100000 --side-by-side-users 20000
 *                            --single 2000 --only distributed,embedded,keycloak]
 *
 * - distributed: API, relay and worker as processes of their own over MariaDB, Kafka and Redis;
 *   the clock stops once every event is on Kafka and the read models hold every user;
 * - embedded: `npm start` with nothing configured;
 * - side by side: ours and Keycloak 26's partialImport (1,000 users a call) at 1 and 4 calls in
 *   flight, on the same MariaDB;
 * - and beside each, single ImportHumanUser calls, for the CPU one user costs that way.
 */
import { Kafka, logLevel } from 'kafkajs';
import mysql from 'mysql2/promise';
import { AGGREGATE_TYPES, topicOf } from '../shared/events/cloud-event.js';
import type { Config } from '../shared/config/config.js';
import { brokerForRun, machine, runMain, sleep } from './bench-report.js';
import { drained } from './drained.js';
import { withExport } from './keycloak-export-writer.js';
import { startDistributed, startEmbedded, type RunningService } from './migrate-services.js';
import { measureMigration, measureSingleImports } from './migrate-run.js';
import { listenerOf } from './process-cpu.js';
import { killAndResume } from './migrate-resume.js';
import { keycloakSideBySide } from './migrate-keycloak.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const only = (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',');
const wanted = (part: string) => !process.argv.includes('--only') || only.includes(part);

/** The database's, the broker's and Redis's processes, for their CPU. */
function infrastructure(kafkaPort?: number): { name: string; pid: number }[] {
  const listeners: [string, number | undefined][] = [
    ['MariaDB', listenerOf(3306)],
    ['Kafka', kafkaPort === undefined ? undefined : listenerOf(kafkaPort)],
    ['Redis', listenerOf(6379)],
  ];
  return listeners.flatMap(([name, pid]) => (pid ? [{ name, pid }] : []));
}

/**
 * Resolves once every event is published and the read models hold every user. While the relay
 * and the worker catch up it asks only what costs next to nothing (the outbox index's first
 * unpublished entry, then the worker groups' lag on Kafka): counting a million rows twice a
 * second would load the database it measures. The counts run once both say done.
 */
function settledIn(service: RunningService): () => Promise<void> {
  return async () => {
    const db = await mysql.createConnection({ uri: service.databaseUrl! });
    const kafka = new Kafka({ brokers: [service.env.KAFKA_BROKERS!], logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    const consumed = drained(
      admin,
      {
        kafka: { topicPrefix: service.env.KAFKA_TOPIC_PREFIX! },
        worker: { consumerGroupPrefix: service.env.WORKER_GROUP_PREFIX! },
      } as Config,
      600_000,
    );
    try {
      for (; ; await sleep(500)) {
        const [[{ waiting }]] = (await db.query(
          'SELECT EXISTS (SELECT 1 FROM events WHERE published_at IS NULL) AS waiting',
        )) as unknown as [[{ waiting: number }]];
        if (Number(waiting) !== 0) continue;
        await consumed();
        const [[{ behind }]] = (await db.query(
          'SELECT (SELECT COUNT(*) FROM users) - (SELECT COUNT(*) FROM user_read_models) AS behind',
        )) as unknown as [[{ behind: number }]];
        if (Number(behind) === 0) return;
      }
    } finally {
      await admin.disconnect();
      await db.end();
    }
  };
}

/** Every event of the run's database on Kafka: the topics' message counts against the outbox. */
async function publishedCheck(service: RunningService): Promise<Record<string, number>> {
  const kafka = new Kafka({ brokers: [service.env.KAFKA_BROKERS!], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  let onKafka = 0;
  for (const type of AGGREGATE_TYPES) {
    const topic = topicOf(service.env.KAFKA_TOPIC_PREFIX!, type);
    const offsets = await admin.fetchTopicOffsets(topic).catch(() => []);
    for (const { high, low } of offsets) onKafka += Number(high) - Number(low);
  }
  await admin.disconnect();
  const db = await mysql.createConnection({ uri: service.databaseUrl! });
  const [[counts]] = (await db.query(
    `SELECT (SELECT COUNT(*) FROM events) AS events, (SELECT COUNT(*) FROM users) AS users,
            (SELECT COUNT(*) FROM user_read_models) AS readModels,
            (SELECT COUNT(DISTINCT external_id) FROM users WHERE external_id IS NOT NULL) AS externalIds`,
  )) as unknown as [[Record<string, number>]];
  await db.end();
  return {
    onKafka,
    ...Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)])),
  };
}

async function distributed(users: number, single: number, resumeUsers: number) {
  const broker = await brokerForRun();
  const brokers = process.env.KAFKA_BROKERS!;
  const pipeline = !process.argv.includes('--no-pipeline');
  const service = await startDistributed(brokers, pipeline);
  try {
    const others = infrastructure(Number(brokers.split(':').pop()));
    const settled = pipeline ? settledIn(service) : async () => {};
    const migration = await withExport(users, 'bench', (dir, bytes) =>
      measureMigration({
        service,
        others,
        dir,
        realm: 'bench',
        users,
        sourceSize: bytes,
        inFlight: 4,
        window: 100_000,
        settled,
      }),
    );
    const published = await publishedCheck(service);
    const singles = await measureSingleImports({
      service,
      others,
      calls: single,
      callers: 8,
      settled,
    });
    const killedAndResumed =
      resumeUsers > 0
        ? await withExport(resumeUsers, 'resume', (dir, bytes) =>
            killAndResume({
              service,
              dir,
              realm: 'resume',
              users: resumeUsers,
              sourceSize: bytes,
              kills: 3,
            }),
          )
        : undefined;
    return { migration, published, singleImportHumanUser: singles, killedAndResumed };
  } finally {
    await service.stop();
    await broker?.remove();
  }
}

async function embedded(users: number, single: number) {
  const service = await startEmbedded();
  try {
    const migration = await withExport(users, 'bench', (dir, bytes) =>
      measureMigration({
        service,
        others: [],
        dir,
        realm: 'bench',
        users,
        sourceSize: bytes,
        inFlight: 4,
        window: 10_000,
        settled: async () => {},
      }),
    );
    const singles = await measureSingleImports({
      service,
      others: [],
      calls: single,
      callers: 8,
      settled: async () => {},
    });
    return { migration, singleImportHumanUser: singles };
  } finally {
    await service.stop();
  }
}

runMain(async () => {
  const results: Record<string, unknown> = { machine: machine() };
  const single = option('single', 2000);
  if (wanted('distributed'))
    results.distributed = await distributed(
      option('users', 1_000_000),
      single,
      option('resume-users', 100_000),
    );
  console.log(JSON.stringify(results.distributed ?? null, null, 2));
  if (wanted('embedded'))
    results.embedded = await embedded(option('embedded-users', 100_000), single);
  console.log(JSON.stringify(results.embedded ?? null, null, 2));
  if (wanted('keycloak'))
    results.sideBySide = await keycloakSideBySide(option('side-by-side-users', 20_000));
  console.log(JSON.stringify(results, null, 2));
});
