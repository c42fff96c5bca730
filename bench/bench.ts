/**
 * `npm run bench`: throughput, latency and event lag of the service in distributed mode, against
 * the raw limit of the database under it, in one run on this machine.
 *
 *   npm run bench   [BENCH_SECONDS=5] [BENCH_CONCURRENCIES=1,8,32,128]
 *                   [BENCH_OPERATIONS=ImportHashedPassword,…] [BENCH_TRANSPORTS=JSON,gRPC,gRPC-web]
 *                   [BENCH_LAG_RATES=250,500,1000] [BENCH_PARTS=raw,load,lag,isolation]
 *                   [BENCH_OUT=docs/benchmarks]
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
 * 3. Event lag: Update Project through its handler at each of BENCH_LAG_RATES writes/s for 8 s
 *    (a consumer group of its own subscribed first, so its assignment is done); commit is
 *    when the handler returned; broker is when a Kafka consumer in this process received the
 *    event (so it includes the broker's delivery to a consumer); read model is when a reader
 *    polling the worker's read model every 5 ms first saw the event's sequence.
 * 4. Isolation: Update Project (JSON, 8 callers) alone, then while 32 callers import users with
 *    clear passwords (argon2id) as fast as they can.
 *
 * Prints the results as JSON and as tables, and writes BENCH_OUT/results.json and
 * BENCH_OUT/chart.svg (throughput against p99, per operation and transport).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '../shared/logging/logger.js';
import { updateProject } from '../services/api/operations/update-project/update-project.handler.js';
import { SmtpSink } from '../test/support/smtp-sink.js';
import { startWorkerProcess } from '../test/support/worker-process.js';
import { TestService } from '../test/support/test-service.js';
import { buildMember, buildOwner, buildProject } from '../test/support/factories.js';
import {
  brokerForRun,
  latencies,
  machine,
  percentile,
  sleep,
  writeAtRate,
  type LoadResult,
} from './bench-report.js';
import { renderChart } from './chart.js';
import {
  OPERATIONS,
  TRANSPORTS,
  type Fixtures,
  type LoadSpec,
  type Operation,
  type Transport,
} from './load.js';
import { createRawTables, type RawSpec } from './raw-load.js';

const list = <T extends string>(name: string, all: readonly T[]): T[] =>
  process.env[name] ? (process.env[name]!.split(',') as T[]) : [...all];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCIES = list('BENCH_CONCURRENCIES', ['1', '8', '32', '128']).map(Number);
const OPERATIONS_RUN = list<Operation>('BENCH_OPERATIONS', OPERATIONS);
const TRANSPORTS_RUN = list<Transport>('BENCH_TRANSPORTS', TRANSPORTS);
const LAG_RATES = list('BENCH_LAG_RATES', ['250', '500', '1000']).map(Number);
const LAG_SECONDS = 8;
const OUT = process.env.BENCH_OUT ?? 'docs/benchmarks';
const PARTS = list('BENCH_PARTS', ['raw', 'load', 'lag', 'isolation']);
const LOAD_SCRIPT = fileURLToPath(new URL('./load.js', import.meta.url));
const RAW_SCRIPT = fileURLToPath(new URL('./raw-load.js', import.meta.url));

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
}

export interface Row extends Figures {
  operation: Operation | 'RawImportTransaction';
  transport: Transport | 'mysql2';
  concurrency: number;
}

function figures(result: LoadResult): Figures {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  return {
    requestsPerSecond: Math.round(result.requests / result.seconds),
    p50: at(0.5),
    p99: at(0.99),
    p999: at(0.999),
    errors: result.errors,
  };
}

async function child<S>(script: string, spec: S): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--child', JSON.stringify(spec)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/** A warm-up of 1 s (with userNames of its own), then the measured run. */
async function measured<S extends { seconds: number; runId: string }>(
  script: string,
  spec: S,
): Promise<Figures> {
  await child(script, { ...spec, seconds: 1, runId: `${spec.runId}w` });
  return figures(await child(script, spec));
}

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

interface Lag {
  writesPerSecond: number;
  achievedPerSecond: number;
  commitToBrokerMs: { p50: number; p99: number; max: number };
  commitToReadModelMs: { p50: number; p99: number; max: number };
  /** Events the broker's consumer, or the read model, had not shown a minute after the writes. */
  missing: { broker: number; readModel: number };
}

/** Update Project at `rate` writes/s through the handler; when each event reached what. */
async function eventLag(
  service: TestService,
  fixtures: Fixtures & { orgId: string },
  rate: number,
): Promise<Lag> {
  const receivedAt = new Map<string, number>();
  const kafka = new Kafka({ brokers: service.config.kafka.brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({
    groupId: `bench-${randomBytes(4).toString('hex')}`,
    maxWaitTimeInMs: 5,
  });
  await consumer.connect();
  await consumer.subscribe({ topic: service.topics.project, fromBeginning: false });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const { sequence } = JSON.parse(message.value!.toString()) as { sequence: string };
      receivedAt.set(sequence, Date.now());
    },
  });
  // The broker delays a new group's first assignment (group.initial.rebalance.delay.ms, 3 s by
  // default). Then every partition is read from its end as it is now, before the first write.
  await joined;
  const admin = kafka.admin();
  await admin.connect();
  for (const { partition, offset } of await admin.fetchTopicOffsets(service.topics.project))
    consumer.seek({ topic: service.topics.project, partition, offset });
  await admin.disconnect();
  await sleep(1000);

  const projects = fixtures.projectIds.slice(0, 100);
  // Per project, each sequence its read model row showed, in order, with when it was first seen.
  const shown = new Map<string, { sequence: bigint; at: number }[]>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const rows: { id: string; sequence: string }[] = await service.dataSource.query(
        'SELECT id, sequence FROM project_read_models WHERE org_id = ?',
        [fixtures.orgId],
      );
      const now = Date.now();
      for (const { id, sequence } of rows) {
        const seen = shown.get(id) ?? [];
        if (seen.at(-1)?.sequence !== BigInt(sequence))
          seen.push({ sequence: BigInt(sequence), at: now });
        shown.set(id, seen);
      }
      await sleep(5);
    }
  })();

  const deps = {
    dataSource: service.dataSource,
    config: service.config,
    logger: createLogger('silent'),
  };
  const caller = { userId: 'bench', orgId: fixtures.orgId };
  const committed = new Map<string, { projectId: string; at: number }>();
  // Names of this round's own: a round's first update of a project must change it, or it would
  // answer the sequence of the previous round's last event, published before this round began.
  const round = randomBytes(3).toString('hex');
  await writeAtRate(rate, LAG_SECONDS, async (index) => {
    const projectId = projects[index % projects.length]!;
    const { details } = await updateProject(
      { deps, caller, orgId: fixtures.orgId },
      {
        id: projectId,
        name: `Lag ${round} ${index % projects.length}`,
        projectRoleCheck: Math.floor(index / projects.length) % 2 === 0,
      },
    );
    committed.set(details.sequence, { projectId, at: Date.now() });
  });
  const sequences = [...committed.keys()];
  /**
   * A row keeps only its project's last sequence: an event is in the read model once its
   * project's row shows it or a later one.
   */
  const appliedAt = (sequence: string): number => {
    const { projectId } = committed.get(sequence)!;
    return shown.get(projectId)?.find((seen) => seen.sequence >= BigInt(sequence))?.at ?? NaN;
  };
  const deadline = Date.now() + 60_000;
  while (
    !sequences.every(
      (sequence) => receivedAt.has(sequence) && !Number.isNaN(appliedAt(sequence)),
    ) &&
    Date.now() < deadline
  )
    await sleep(20);
  polling = false;
  await poller;
  await consumer.disconnect();

  const toBroker = sequences.map(
    (sequence) => (receivedAt.get(sequence) ?? NaN) - committed.get(sequence)!.at,
  );
  const toReadModel = sequences.map(
    (sequence) => appliedAt(sequence) - committed.get(sequence)!.at,
  );
  return {
    writesPerSecond: rate,
    achievedPerSecond: Math.round(committed.size / LAG_SECONDS),
    commitToBrokerMs: latencies(toBroker.filter((ms) => !Number.isNaN(ms))),
    commitToReadModelMs: latencies(toReadModel.filter((ms) => !Number.isNaN(ms))),
    missing: {
      broker: toBroker.filter(Number.isNaN).length,
      readModel: toReadModel.filter(Number.isNaN).length,
    },
  };
}

async function main(): Promise<void> {
  const broker = await brokerForRun();
  const smtp = await new SmtpSink().start();
  // As deployed: the auth cache at its default (the tests turn it off).
  const service = await TestService.start({
    LOG_LEVEL: 'error',
    KAFKA_TOPIC_PARTITIONS: '6',
    AUTH_CACHE_MS: '1000',
  });
  await service.startRelay();
  const worker = startWorkerProcess(service.config, smtp.url);
  try {
    const fixtures = await fixturesFor(service);
    await createRawTables(service.config.databaseUrl!);
    const runId = randomBytes(3).toString('hex');
    const rows: Row[] = [];
    const report = (row: Row) => {
      rows.push(row);
      console.error(
        `${row.operation} ${row.transport} c=${row.concurrency}: ${row.requestsPerSecond}/s p50 ${row.p50} p99 ${row.p99} p99.9 ${row.p999} errors ${row.errors}`,
      );
    };

    for (const concurrency of PARTS.includes('raw') ? CONCURRENCIES : []) {
      const spec: RawSpec = {
        databaseUrl: service.config.databaseUrl!,
        orgId: fixtures.orgId,
        concurrency,
        seconds: SECONDS,
        runId: `${runId}c${concurrency}`,
      };
      report({
        operation: 'RawImportTransaction',
        transport: 'mysql2',
        concurrency,
        ...(await measured(RAW_SCRIPT, spec)),
      });
    }
    for (const operation of PARTS.includes('load') ? OPERATIONS_RUN : []) {
      for (const transport of TRANSPORTS_RUN) {
        for (const concurrency of CONCURRENCIES) {
          const spec: LoadSpec = {
            operation,
            transport,
            concurrency,
            seconds: SECONDS,
            runId: `${runId}${operation.slice(0, 8)}${transport}${concurrency}`,
            fixtures,
          };
          report({ operation, transport, concurrency, ...(await measured(LOAD_SCRIPT, spec)) });
        }
      }
    }

    const lag: Lag[] = [];
    for (const rate of PARTS.includes('lag') ? LAG_RATES : []) {
      lag.push(await eventLag(service, fixtures, rate));
      console.error(`event lag at ${rate}/s: ${JSON.stringify(lag.at(-1))}`);
    }
    const isolation = PARTS.includes('isolation') ? await isolationOf(fixtures, runId) : undefined;

    const [database] = (await service.dataSource.query(
      `SELECT VERSION() AS version, @@innodb_buffer_pool_size AS bufferPoolBytes,
              @@innodb_flush_log_at_trx_commit AS flushLogAtCommit`,
    )) as Record<string, unknown>[];
    const results = {
      date: new Date().toISOString(),
      seconds: SECONDS,
      machine: { ...machine(), database },
      rows,
      ratios: ratios(rows),
      eventLag: lag,
      isolation,
    };
    await mkdir(OUT, { recursive: true });
    await writeFile(join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(join(OUT, 'chart.svg'), renderChart(rows));
    console.log(JSON.stringify(results, null, 2));
    printTables(results);
  } finally {
    worker.kill('SIGTERM');
    await service.close();
    await smtp.stop();
    await broker?.remove();
  }
}

interface Isolation {
  updateProjectAlone: Figures;
  updateProjectBesideClearPasswordImports: Figures;
  clearPasswordImports: Figures;
  p99Ratio: number;
}

/** Update Project's p99 alone, then while clear-password imports keep the hashers busy. */
async function isolationOf(fixtures: Fixtures, runId: string): Promise<Isolation> {
  const projectLoad = (seconds: number): LoadSpec => ({
    operation: 'UpdateProject',
    transport: 'JSON',
    concurrency: 8,
    seconds,
    runId: `${runId}iso`,
    fixtures,
  });
  const alone = await measured(LOAD_SCRIPT, projectLoad(SECONDS));
  const hashing: LoadSpec = {
    operation: 'ImportClearPassword',
    transport: 'JSON',
    concurrency: 32,
    seconds: SECONDS + 2,
    runId: `${runId}hash`,
    fixtures,
  };
  const saturating = child(LOAD_SCRIPT, hashing);
  await sleep(1000);
  const beside = figures(await child(LOAD_SCRIPT, projectLoad(SECONDS)));
  const hashed = figures(await saturating);
  return {
    updateProjectAlone: alone,
    updateProjectBesideClearPasswordImports: beside,
    clearPasswordImports: hashed,
    p99Ratio: Math.round((beside.p99 / alone.p99) * 100) / 100,
  };
}

/** Each operation's requests/s as a share of the raw limit at the same concurrency. */
function ratios(
  rows: Row[],
): { operation: string; transport: string; concurrency: number; ofRawLimit: number }[] {
  return rows
    .filter((row) => row.operation !== 'RawImportTransaction')
    .map((row) => {
      const raw = rows.find(
        (r) => r.operation === 'RawImportTransaction' && r.concurrency === row.concurrency,
      );
      return {
        operation: row.operation,
        transport: row.transport,
        concurrency: row.concurrency,
        ofRawLimit: raw
          ? Math.round((row.requestsPerSecond / raw.requestsPerSecond) * 100) / 100
          : NaN,
      };
    });
}

function printTables(results: {
  rows: Row[];
  ratios: ReturnType<typeof ratios>;
  eventLag: Lag[];
  isolation?: {
    updateProjectAlone: Figures;
    updateProjectBesideClearPasswordImports: Figures;
    p99Ratio: number;
  };
}): void {
  console.log(
    '\noperation              transport  callers  requests/s  p50 ms  p99 ms  p99.9 ms  errors  of raw',
  );
  for (const row of results.rows) {
    const ratio = results.ratios.find(
      (r) =>
        r.operation === row.operation &&
        r.transport === row.transport &&
        r.concurrency === row.concurrency,
    );
    console.log(
      [
        row.operation.padEnd(22),
        row.transport.padEnd(9),
        String(row.concurrency).padStart(7),
        String(row.requestsPerSecond).padStart(11),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        String(row.p999).padStart(9),
        String(row.errors).padStart(7),
        ratio ? `${Math.round(ratio.ofRawLimit * 100)}%`.padStart(7) : '      —',
      ].join(' '),
    );
  }
  const { eventLag, isolation } = results;
  for (const lag of eventLag)
    console.log(
      `\nevent lag at ${lag.writesPerSecond} writes/s (achieved ${lag.achievedPerSecond}/s): commit→broker p50 ${lag.commitToBrokerMs.p50} ms, p99 ${lag.commitToBrokerMs.p99} ms; commit→read model p50 ${lag.commitToReadModelMs.p50} ms, p99 ${lag.commitToReadModelMs.p99} ms`,
    );
  if (isolation)
    console.log(
      `isolation: Update Project p99 ${isolation.updateProjectAlone.p99} ms alone, ${isolation.updateProjectBesideClearPasswordImports.p99} ms beside clear-password imports (${isolation.p99Ratio}x)`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
