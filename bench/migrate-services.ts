/**
 * The service as a migration meets it, each part a process of its own so that each one's CPU is
 * its own: distributed (API, outbox relay and worker over MariaDB, Kafka and Redis, as on
 * Kubernetes) or embedded (`npm start` on a bare machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { createTestDatabase } from '../test/support/database.js';
import { freePort } from '../test/support/api-process.js';
import { sleep } from './bench-report.js';

export interface RunningService {
  url: string;
  token: string;
  /** Each API replica's origin; the first is `url`. */
  urls?: string[];
  /** The service's own processes, by name. */
  processes: { name: string; pid: number }[];
  databaseUrl?: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

const main = (part: string) => join(process.cwd(), `dist/services/${part}/main.js`);

function start(name: string, script: string, env: Record<string, string>): ChildProcess {
  // BENCH_PROFILE_DIR: each part writes a CPU profile there as it ends (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR;
  const flags = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  // BENCH_NODE_FLAGS: V8's or Node's flags for every part, to measure them.
  flags.push(...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []));
  const child = spawn('node', [...flags, script], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} was not ready in a minute`);
}

async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
    }),
  );
}

/** The relay's, the worker's and the database pool's settings a run was given, to try them. */
function tuning(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        /^(RELAY_|WORKER_|DATABASE_POOL_SIZE|KAFKA_TOPIC_PARTITIONS)/.test(entry[0]) &&
        entry[1] !== undefined,
    ),
  );
}

/** API, relay and worker over a database, topics, queue and consumer groups of the run's own. */
export async function startDistributed(
  brokers: string,
  pipeline = true,
  apiReplicas = 1,
): Promise<RunningService> {
  const database = await createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'bench-migrate-'));
  const run = randomBytes(3).toString('hex');
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '20',
    JWT_SIGNING_KEY_FILE: join(dir, 'signing-key.json'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: `bench${run}.`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `bench${run}:`,
    EMAIL_QUEUE: `bench${run}-emails`,
    EMAIL_DIR: join(dir, 'emails'),
    WORKER_GROUP_PREFIX: `bench${run}-worker`,
    RATE_LIMIT_REQUESTS: '0',
    LOG_LEVEL: 'warn',
    ...tuning(),
  };
  const { stdout } = await promisify(execFile)(
    'node',
    [join(process.cwd(), 'dist/services/api/cli/identityctl.js'), 'setup'],
    { env: { PATH: process.env.PATH, ...env } },
  );
  const { token } = JSON.parse(stdout) as { token: string };
  // Replicas past the first listen on ports of their own, with the first's PUBLIC_URL (the
  // OpenID issuer), as pods behind one Service do.
  const ports = [port, ...(await Promise.all(Array.from({ length: apiReplicas - 1 }, freePort)))];
  const apis = ports.map((apiPort, i) =>
    start(i === 0 ? 'api' : `api-${i + 1}`, main('api'), {
      ...env,
      HTTP_PORT: String(apiPort),
      GRPC_PORT: '0',
      RELAY_IN_PROCESS: 'false',
      WORKER_IN_PROCESS: 'false',
    }),
  );
  const children = [...apis];
  const stop = async () => {
    await stopAll(children);
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  };
  let relay: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  try {
    if (pipeline) {
      relay = start('relay', main('relay'), env);
      worker = start('worker', main('worker'), {
        ...env,
        WORKER_HTTP_PORT: String(await freePort()),
      });
      children.push(relay, worker);
    }
    for (const [i, api] of apis.entries()) await ready(`http://127.0.0.1:${ports[i]}`, api);
  } catch (error) {
    // A start that failed leaves nothing running behind it.
    await stop();
    throw error;
  }
  return {
    url: env.PUBLIC_URL!,
    urls: ports.map((apiPort) => `http://127.0.0.1:${apiPort}`),
    token,
    processes: [
      ...apis.map((api, i) => ({ name: i === 0 ? 'API' : `API ${i + 1}`, pid: api.pid! })),
      ...(relay && worker
        ? [
            { name: 'relay', pid: relay.pid! },
            { name: 'worker', pid: worker.pid! },
          ]
        : []),
    ],
    databaseUrl: database.url,
    env,
    stop,
  };
}

/** `npm start` with nothing configured: the embedded database, the relay and worker inside. */
export async function startEmbedded(): Promise<RunningService> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-embedded-'));
  const port = await freePort();
  const env = {
    DATA_DIR: dir,
    HTTP_PORT: String(port),
    GRPC_PORT: '0',
    RATE_LIMIT_REQUESTS: '0',
    LOG_LEVEL: 'warn',
  };
  const api = start('embedded', main('api'), env);
  await ready(`http://127.0.0.1:${port}`, api);
  const quickstart = await readFile(join(dir, 'quickstart.env'), 'utf8');
  const token = /^export TOKEN=(.*)$/m.exec(quickstart)![1]!;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    processes: [{ name: 'embedded', pid: api.pid! }],
    env,
    stop: async () => {
      await stopAll([api]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
