/**
 * `npm run bench:list-users`: ListUsers over a large organization, and beside Keycloak's user
 * search over the same users.
 *
 * Ours: the API as deployed (dist/services/api/main.js, its own MariaDB database), whose user
 * read model is filled with `--users` users (1,000,000 by default) as the worker writes them
 * (INSERT … SELECT from MariaDB's sequence engine: the read side is measured, not the import).
 * `--callers` callers (8) send, for `--seconds` each: a user name prefix (starts with, ignoring
 * case; 111 to 1,111 matches, 100 a page) and an exact email (ignoring case). Then pages by
 * cursor: the first, the second, and one at row 900,000.
 *
 * Beside Keycloak 26 (Maven Central), with `--keycloak-users` users (100,000) imported by its
 * partialImport into a realm, and as many in an organization of ours: its
 * `GET /admin/realms/{realm}/users?search=` (a prefix) and `?email=&exact=true` against ours,
 * in turn, at the same callers. Prints JSON, and writes it to `--out`.
 */
import { randomInt } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Http1Pool, type Answer } from './http1-client.js';
import { KeycloakServer, partialImport } from './keycloak-import.js';
import { machineSpeed } from './machine-speed.js';
import { cpuMsOf, databaseServerPid } from './process-cpu.js';
import { startDistributed, type RunningService } from './migrate-services.js';
import { organization } from './seeded-read-model.js';
import { summary } from './statistics.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

interface Cell {
  requests: number;
  perSecond: number;
  latencyMs: ReturnType<typeof summary>;
  failures: number;
  /** bench/machine-speed.ts's probe, taken right before the measured seconds. */
  machineSpeed: number;
  /** CPU time per answered call, in ms: of the service's processes, MariaDB's, and the callers'. */
  cpuMsPerCall: Record<string, number>;
}

type Watched = { name: string; pid: number }[];

/** The processes whose CPU a cell counts: the service's, MariaDB's, and this one (the callers). */
function watched(service: Watched): Watched {
  const database = databaseServerPid();
  return [
    ...service,
    ...(database === undefined ? [] : [{ name: 'mariadb', pid: database }]),
    { name: 'callers', pid: process.pid },
  ];
}

/** `callers` loops sending `request()` for `seconds`; the rate and the latencies of the 200s. */
async function load(
  callers: number,
  seconds: number,
  request: () => Promise<Answer>,
  service: Watched,
): Promise<Cell> {
  const latencies: number[] = [];
  let failures = 0;
  const speed = machineSpeed();
  const processes = watched(service);
  const cpuBefore = processes.map(({ pid }) => cpuMsOf(pid));
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await request();
        if (answer.status === 200) latencies.push(performance.now() - started);
        else failures += 1;
      }
    }),
  );
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    latencyMs: summary(latencies),
    failures,
    machineSpeed: speed,
    cpuMsPerCall: Object.fromEntries(
      processes.map(({ name, pid }, at) => [
        name,
        Math.round(((cpuMsOf(pid) - cpuBefore[at]!) / Math.max(1, latencies.length)) * 1000) / 1000,
      ]),
    ),
  };
}

/**
 * The load's connections: the lean keep-alive client the other loads use, for ours and Keycloak
 * alike, so that the generator's CPU takes as little as it can from the two services it shares the
 * machine with.
 */
const pools = new Map<string, Http1Pool>();
const poolOf = (origin: string) =>
  pools.get(origin) ?? pools.set(origin, new Http1Pool(origin)).get(origin)!;

function listUsers(service: RunningService, body: object): Promise<Answer> {
  return poolOf(service.url).request(
    'POST',
    '/management/v1/users/_search',
    { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify(body)),
  );
}

const json = <T>(answer: Answer) => JSON.parse(answer.body.toString()) as T;

const prefixOf = (users: number) => `user${randomInt(1000, Math.min(10_000, users))}`;
const emailOf = (users: number) => `USER${randomInt(0, users)}@EXAMPLE.COM`;

/** ListUsers bodies: a user name prefix and an exact email, ignoring case, 100 a page. */
const OURS = {
  prefix: (users: number) => ({
    query: { limit: 100 },
    queries: [
      {
        userNameQuery: {
          userName: prefixOf(users),
          method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
        },
      },
    ],
  }),
  email: (users: number) => ({
    query: { limit: 100 },
    queries: [
      {
        emailQuery: {
          emailAddress: emailOf(users),
          method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
        },
      },
    ],
  }),
};

/** Pages by cursor sorted by user name: the first (it counts), the second, and one deep. */
async function cursorPages(service: RunningService, deep: number, samples: number) {
  const body = { query: { limit: 100, asc: true }, sortingColumn: 'USER_FIELD_NAME_USER_NAME' };
  const timed = async (request: object) => {
    const latencies: number[] = [];
    let answer: { details: { nextCursor?: string } } | undefined;
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      answer = json<NonNullable<typeof answer>>(await listUsers(service, request));
      latencies.push(performance.now() - started);
    }
    return { latencyMs: summary(latencies), next: answer!.details.nextCursor };
  };
  const first = await timed(body);
  const second = await timed({ ...body, query: { ...body.query, cursor: first.next } });
  // The cursor of the page at `deep`: an offset page's, taken once (an offset reads all it skips).
  const before = json<{ details: { nextCursor: string } }>(
    await listUsers(service, { ...body, query: { ...body.query, offset: deep - 100 } }),
  );
  const atDeep = await timed({
    ...body,
    query: { ...body.query, cursor: before.details.nextCursor },
  });
  return {
    firstPageWithCount: first.latencyMs,
    secondPage: second.latencyMs,
    [`pageAtRow${deep}`]: atDeep.latencyMs,
  };
}

async function keycloakBeside(callers: number, seconds: number, users: number) {
  const keycloak = await KeycloakServer.start({ databaseName: `kc_bench_list_${Date.now()}` });
  const ours = await startDistributed('', false, 1);
  try {
    const realm = 'list-users';
    const imported = await partialImport(keycloak, { realm, users, perCall: 1000, inFlight: 4 });
    await organization(ours, users);
    const search = (query: string) => async () =>
      poolOf(keycloak.url).request(
        'GET',
        `/admin/realms/${realm}/users?${query}`,
        { authorization: `Bearer ${await keycloak.adminToken()}` },
        Buffer.alloc(0),
      );
    const cells: Record<string, { ours: Cell; keycloak: Cell; oursOverKeycloak: number }> = {};
    for (const kind of ['prefix', 'email'] as const) {
      const theirs =
        kind === 'prefix'
          ? () => search(`search=${prefixOf(users)}&max=100&briefRepresentation=true`)()
          : () => search(`email=${encodeURIComponent(emailOf(users))}&exact=true`)();
      const ourCell = await load(
        callers,
        seconds,
        () => listUsers(ours, OURS[kind](users)),
        ours.processes,
      );
      const theirCell = await load(callers, seconds, theirs, [
        { name: 'keycloak', pid: keycloak.pid },
      ]);
      cells[kind] = {
        ours: ourCell,
        keycloak: theirCell,
        oursOverKeycloak: Math.round((ourCell.perSecond / theirCell.perSecond) * 100) / 100,
      };
    }
    return { users, keycloakImport: imported, cells };
  } finally {
    await Promise.allSettled([keycloak.stop(), ours.stop()]);
  }
}

async function main(): Promise<void> {
  const users = Number(option('users', '1000000'));
  const callers = Number(option('callers', '8'));
  const seconds = Number(option('seconds', '10'));
  const keycloakUsers = Number(option('keycloak-users', '100000'));
  const out = option('out', 'docs/benchmarks/list-users-results.json');

  const service = await startDistributed('', false, 1);
  let large;
  try {
    const started = performance.now();
    await organization(service, users);
    const seededSeconds = Math.round((performance.now() - started) / 100) / 10;
    // Warm: the indexes read once, as a running service has them.
    await load(callers, 3, () => listUsers(service, OURS.prefix(users)), []);
    large = {
      users,
      callers,
      seconds,
      seededSeconds,
      prefix: await load(
        callers,
        seconds,
        () => listUsers(service, OURS.prefix(users)),
        service.processes,
      ),
      email: await load(
        callers,
        seconds,
        () => listUsers(service, OURS.email(users)),
        service.processes,
      ),
      cursor: await cursorPages(service, Math.min(900_000, users - 200), 20),
    };
  } finally {
    await service.stop();
  }
  const beside = keycloakUsers > 0 ? await keycloakBeside(callers, seconds, keycloakUsers) : null;
  const figures = { measuredAt: new Date().toISOString(), large, beside };
  const text = JSON.stringify(figures, null, 2);
  console.log(text);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${text}\n`);
}

await main();
