/**
 * `npm run bench`: throughput, latency and event lag of the service in distributed mode, against
 * the raw limit of the database under it, in one run on this machine.
 *
 *   npm run bench   [BENCH_SECONDS=5] [BENCH_ROUNDS=5] [BENCH_CONCURRENCIES=1,8,32,128]
 *                   [BENCH_OPERATIONS=ImportHashedPassword,…] [BENCH_TRANSPORTS=JSON,gRPC,gRPC-web]
 *                   [BENCH_LAG_RATES=250,500,1000] [BENCH_SIGN_IN_CONCURRENCIES=1,8,32]
 *                   [BENCH_PARTS=raw,load,lag,isolation,sign-in,seeded]
 *                   [BENCH_SEEDED_USERS=1000000] [BENCH_CPU_PROFILE=file] [BENCH_OUT=docs/benchmarks]
 *
 * `BENCH_PARTS=sign-in` runs the sign-in part alone (its results.json then holds only it: give it
 * a BENCH_OUT of its own).
 *
 * The service: the API (HTTP, gRPC, gRPC-web) and the relay in this process over real MariaDB,
 * Kafka (a broker the run starts unless KAFKA_BROKERS answers) and Redis, as the tests run it;
 * the worker in a process of its own (`dist/services/worker/main.js`) sending to an SMTP server
 * in this process. The load comes from a second Node process on 127.0.0.1 (bench/load.ts); the
 * raw limit from another (bench/raw-load.ts). Each measurement is preceded by a 1 s warm-up of the
 * same load.
 *
 * 1. Raw limit: the import's transaction through mysql2, at each concurrency.
 * 2. Every operation over every transport at each concurrency: requests/s, p50, p99, p99.9, errors.
 *    The transports of one operation and concurrency are measured in turn, in BENCH_ROUNDS
 *    slices of BENCH_SECONDS / BENCH_ROUNDS each, the machine's speed probed before each round
 *    (bench/machine-speed.ts).
 * 3. Event lag: Update Project through its handler at each of BENCH_LAG_RATES writes/s for 8 s
 *    (a consumer group of its own subscribed first, so its assignment is done); commit is
 *    when the handler returned; broker is when a Kafka consumer in this process received the
 *    event (so it includes the broker's delivery to a consumer); read model is when a reader
 *    polling the worker's read model every 5 ms first saw the event's sequence.
 * 4. Isolation: Update Project (JSON, 8 callers) alone, then while 32 callers import users with
 *    clear passwords (argon2id) as fast as they can.
 * 5. Sign-in: password sign-ins through the OpenID provider, the whole code flow and the token
 *    exchange (bench/sign-in-load.ts), beside imports with a hashed password, at each of
 *    BENCH_SIGN_IN_CONCURRENCIES; the ratio of their CPU. Then the same sign-ins to an
 *    application of a project with every check on and to one with none (bench/sign-in-bench.ts).
 * 6. Seeded: a service of its own over an empty database, imports (JSON, 32 callers) measured
 *    before and after BENCH_SEEDED_USERS (1,000,000) users, their events and read models are
 *    written straight into its tables (bench/seeded.ts).
 *
 * Each measured run also reads every process's CPU (bench/process-cpu.ts: this process, the
 * worker, MariaDB, Kafka, Redis from /proc; the load process its own) per request, from its
 * start until its work has settled (bench/drained.ts: the relay published it all, every worker
 * group consumed it).
 *
 * Prints the results as JSON and as tables, ending with the issue's targets beside this run's
 * figures (bench/targets.ts), and writes BENCH_OUT/results.json and
 * BENCH_OUT/chart.svg (throughput against p99, per operation and transport).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SmtpSink } from '../test/support/smtp-sink.js';
import { startWorkerProcess } from '../test/support/worker-process.js';
import { TestService } from '../test/support/test-service.js';
import { buildMember, buildOwner, buildProject } from '../test/support/factories.js';
import { brokerForRun, machine, runMain } from './bench-report.js';
import { printTables, ratios } from './bench-tables.js';
import { renderChart } from './chart.js';
import { eventLag, type Lag } from './event-lag.js';
import {
  OPERATIONS,
  TRANSPORTS,
  type Fixtures,
  type LoadSpec,
  type Operation,
  type Transport,
} from './load.js';
import {
  interleaved,
  isolationOf,
  LOAD_SCRIPT,
  measured,
  RAW_SCRIPT,
  type Row,
} from './measure.js';
import { drained } from './drained.js';
import { createKafka } from '../shared/kafka/kafka-client.js';
import { createLogger } from '../shared/logging/logger.js';
import { serviceProcesses, type Watch } from './process-cpu.js';
import { createRawTables, dropRawTables, type RawSpec } from './raw-load.js';
import { seededPart } from './seeded.js';
import { printTargets, targets, type Target } from './targets.js';
import { printSignInTable, signInFixtures, signInPart } from './sign-in-bench.js';
import { publicUrlEnv } from '../test/support/relying-party.js';

const list = <T extends string>(name: string, all: readonly T[]): T[] =>
  process.env[name] ? (process.env[name]!.split(',') as T[]) : [...all];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The slices each load's SECONDS are measured in, in turn with the other transports'. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCIES = list('BENCH_CONCURRENCIES', ['1', '8', '32', '128']).map(Number);
const OPERATIONS_RUN = list<Operation>('BENCH_OPERATIONS', OPERATIONS);
const TRANSPORTS_RUN = list<Transport>('BENCH_TRANSPORTS', TRANSPORTS);
const LAG_RATES = list('BENCH_LAG_RATES', ['250', '500', '1000']).map(Number);
const OUT = process.env.BENCH_OUT ?? 'docs/benchmarks';
const SIGN_IN_CONCURRENCIES = list('BENCH_SIGN_IN_CONCURRENCIES', ['1', '8', '32']).map(Number);
const PARTS = list('BENCH_PARTS', ['raw', 'load', 'lag', 'isolation', 'sign-in', 'seeded']);
const SEEDED_USERS = Number(process.env.BENCH_SEEDED_USERS ?? 1_000_000);

async function fixturesFor(service: TestService): Promise<Fixtures & { orgId: string }> {
  const owner = await buildOwner(service);
  const width = Math.max(...CONCURRENCIES, 8);
  const users = [];
  for (let i = 0; i < width; i++) users.push(await buildMember(service, { orgId: owner.orgId }));
  const projectIds = [];
  for (let i = 0; i < Math.max(width, 100); i++)
    projectIds.push(
      (await buildProject(service, { orgId: owner.orgId, name: `Load ${i}-1` })).projectId,
    );
  return {
    orgId: owner.orgId,
    httpUrl: service.api.url,
    grpcAddress: service.api.grpcAddress,
    ownerToken: await service.token(owner.userId, { ttlSeconds: 4 * 3600 }),
    userTokens: await Promise.all(
      users.map((user) => service.token(user.userId, { ttlSeconds: 4 * 3600 })),
    ),
    projectIds,
  };
}

async function main(): Promise<void> {
  const broker = await brokerForRun();
  const smtp = await new SmtpSink().start();
  // As deployed: the auth cache and the relay's poll interval at their defaults (the tests turn
  // the cache off and poll every 10 ms); the issuer where the API listens, for the sign-ins.
  const env = {
    ...(await publicUrlEnv()),
    LOG_LEVEL: 'error',
    KAFKA_TOPIC_PARTITIONS: '6',
    AUTH_CACHE_MS: '1000',
    RELAY_POLL_INTERVAL_MS: '',
  };
  const service = await TestService.start(env);
  const relay = await service.startRelay();
  const worker = startWorkerProcess(service.config, smtp.url);
  const admin = createKafka(service.config.kafka, createLogger('silent')).admin();
  try {
    const fixtures = await fixturesFor(service);
    await createRawTables(service.config.databaseUrl!);
    const runId = randomBytes(3).toString('hex');
    const processes = serviceProcesses(worker.pid, {
      database: service.config.databaseUrl,
      kafka: service.config.kafka.brokers.join(','),
      redis: service.config.redisUrl,
    });
    await admin.connect();
    const watch: Watch = { processes, settled: drained(admin, service.config) };
    const rows: Row[] = [];
    const report = (row: Row): Row => {
      console.error(
        `${row.operation} ${row.transport} c=${row.concurrency}: ${row.requestsPerSecond}/s p50 ${row.p50} p99 ${row.p99} p99.9 ${row.p999} errors ${row.errors}${row.trailersWaitMs === undefined ? '' : ` trailers ${row.trailersWaitMs} ms after the message`} machine speed ${row.machineSpeed}`,
      );
      return row;
    };

    for (const concurrency of PARTS.includes('raw') ? CONCURRENCIES : []) {
      const spec: RawSpec = {
        databaseUrl: service.config.databaseUrl!,
        orgId: fixtures.orgId,
        concurrency,
        seconds: SECONDS,
        runId: `${runId}c${concurrency}`,
      };
      rows.push(
        report({
          operation: 'RawImportTransaction',
          transport: 'mysql2',
          concurrency,
          ...(await measured(RAW_SCRIPT, spec, watch)),
        }),
      );
    }
    await dropRawTables(service.config.databaseUrl!);
    // The transports of one operation and caller count are measured in turn, a slice of each
    // per round (measure.ts's `interleaved`), so the VM's changes of speed fall on all three
    // alike and gRPC's share compares them at the same moments.
    const loadRows: Row[] = [];
    for (const operation of PARTS.includes('load') ? OPERATIONS_RUN : []) {
      for (const concurrency of CONCURRENCIES) {
        const specs = TRANSPORTS_RUN.map((transport): LoadSpec => ({
          operation,
          transport,
          concurrency,
          seconds: SECONDS,
          runId: `${runId}${operation.slice(0, 8)}${transport}${concurrency}`,
          fixtures,
        }));
        const measuredTogether = await interleaved(LOAD_SCRIPT, specs, watch, ROUNDS);
        specs.forEach(({ transport }, index) =>
          loadRows.push(report({ operation, transport, concurrency, ...measuredTogether[index]! })),
        );
      }
    }
    const place = (row: Row) => [
      OPERATIONS_RUN.indexOf(row.operation as Operation),
      TRANSPORTS_RUN.indexOf(row.transport as Transport),
      CONCURRENCIES.indexOf(row.concurrency),
    ];
    loadRows.sort((a, b) => {
      const [pa, pb] = [place(a), place(b)];
      return pa[0]! - pb[0]! || pa[1]! - pb[1]! || pa[2]! - pb[2]!;
    });
    rows.push(...loadRows);

    const lag: Lag[] = [];
    for (const rate of PARTS.includes('lag') ? LAG_RATES : []) {
      lag.push(await eventLag(service, relay, fixtures, rate));
      console.error(`event lag at ${rate}/s: ${JSON.stringify(lag.at(-1))}`);
    }
    const isolation = PARTS.includes('isolation')
      ? await isolationOf(fixtures, runId, SECONDS)
      : undefined;
    const signIn = PARTS.includes('sign-in')
      ? await signInPart({
          service,
          fixtures,
          signIn: await signInFixtures(
            service,
            fixtures.orgId,
            Math.max(...SIGN_IN_CONCURRENCIES),
            runId,
          ),
          concurrencies: SIGN_IN_CONCURRENCIES,
          seconds: SECONDS,
          runId,
          watch,
        })
      : undefined;

    const seeded = PARTS.includes('seeded')
      ? await seededPart({
          env,
          smtpUrl: smtp.url,
          users: SEEDED_USERS,
          seconds: SECONDS,
          runId,
        })
      : undefined;
    if (seeded) console.error(`seeded: ${JSON.stringify({ ...seeded, empty: undefined })}`);

    const [database] = (await service.dataSource.query(
      `SELECT VERSION() AS version, @@innodb_buffer_pool_size AS bufferPoolBytes,
              @@innodb_flush_log_at_trx_commit AS flushLogAtCommit`,
    )) as Record<string, unknown>[];
    const results = {
      date: new Date().toISOString(),
      seconds: SECONDS,
      machine: { ...machine(), database },
      processes,
      rows,
      ratios: ratios(rows),
      eventLag: lag,
      isolation,
      signIn,
      seeded,
      targets: [] as Target[],
    };
    results.targets = targets(results);
    await mkdir(OUT, { recursive: true });
    await writeFile(join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    if (rows.length > 0) await writeFile(join(OUT, 'chart.svg'), renderChart(rows));
    console.log(JSON.stringify(results, null, 2));
    printTables(results);
    if (signIn) printSignInTable(signIn);
    printTargets(results.targets);
  } finally {
    await admin.disconnect();
    worker.kill('SIGTERM');
    await service.close();
    await smtp.stop();
    await broker?.remove();
  }
}

runMain(main);
