/**
 * `npm run bench:scim-lookup`: a directory's lookup of one person by user name,
 * `GET /scim/v2/{org}/Users?filter=userName eq "…"` (what Okta and Entra ID send before they
 * create or update someone), in an organization of `--users` people (1,000,000 by default).
 *
 * The API as deployed (dist/services/api/main.js) on 127.0.0.1 over its own MariaDB database,
 * whose user read model is filled as bench:list-users fills it (user0 … user999999). `--callers`
 * callers (4) send `--requests` lookups (20,000) in all, each of a random user name in a random
 * case (found once, ignoring case), after 1,000 to warm; the latencies of the answers are
 * summarised (p50, p90, p99), and every answer must be a ListResponse of exactly that user. The
 * statement ListUsers runs for such a lookup is shown with EXPLAIN, to see that the
 * organization's user name index serves it. Prints JSON, and writes it to `--out`.
 */
import { randomInt } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { listUsers } from '../services/api/queries/user-queries.js';
import { listRequestOf } from '../services/api/scim/scim-users.js';
import { createDataSource } from '../shared/db/data-source.js';
import { Http1Pool } from './http1-client.js';
import { startDistributed, type RunningService } from './migrate-services.js';
import { organization } from './seeded-read-model.js';
import { summary } from './statistics.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

/** A user name of the seeded ones, in a random mix of cases. */
function userNameOf(users: number): string {
  return [...`user${randomInt(0, users)}`]
    .map((character) => (randomInt(0, 2) === 0 ? character.toUpperCase() : character))
    .join('');
}

/** `callers` callers sending `requests` lookups in all; the latencies, in milliseconds. */
async function lookups(
  service: RunningService,
  orgId: string,
  users: number,
  callers: number,
  requests: number,
): Promise<number[]> {
  const pool = new Http1Pool(service.url);
  const latencies: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (left > 0) {
        left -= 1;
        const userName = userNameOf(users);
        const filter = encodeURIComponent(`userName eq "${userName}"`);
        const started = performance.now();
        const answer = await pool.request(
          'GET',
          `/scim/v2/${orgId}/Users?filter=${filter}`,
          { authorization: `Bearer ${service.token}` },
          Buffer.alloc(0),
        );
        latencies.push(performance.now() - started);
        const body = JSON.parse(answer.body.toString()) as {
          totalResults: number;
          Resources: { userName: string }[];
        };
        if (
          answer.status !== 200 ||
          body.totalResults !== 1 ||
          body.Resources[0]!.userName !== userName.toLowerCase()
        )
          throw new Error(`${userName}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
      }
    }),
  );
  return latencies;
}

/** The statements ListUsers runs for a SCIM `userName eq` lookup, each with MariaDB's plan. */
async function explained(databaseUrl: string, orgId: string): Promise<unknown[]> {
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 1 });
  await dataSource.initialize();
  try {
    const statements: [string, unknown[]][] = [];
    const query = dataSource.query.bind(dataSource);
    dataSource.query = ((sql: string, params?: unknown[]) => {
      if (/FROM user_read_models/.test(sql)) statements.push([sql, params ?? []]);
      return query(sql, params);
    }) as typeof dataSource.query;
    const { request } = listRequestOf({ filter: 'userName eq "USER4711"' });
    await listUsers(dataSource, orgId, request as Parameters<typeof listUsers>[2]);
    const plans = [];
    for (const [sql, params] of statements) {
      const plan = (await query(`EXPLAIN ${sql}`, params)) as Record<string, unknown>[];
      plans.push({
        sql: sql.replace(/\s+/g, ' '),
        plan: plan.map(({ table, type, key, rows, Extra }) => ({ table, type, key, rows, Extra })),
      });
    }
    return plans;
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const users = Number(option('users', '1000000'));
  const callers = Number(option('callers', '4'));
  const requests = Number(option('requests', '20000'));
  const out = option('out', 'docs/benchmarks/scim-lookup-results.json');

  const service = await startDistributed('', false, 1);
  let figures;
  try {
    const started = performance.now();
    const orgId = await organization(service, users);
    const seededSeconds = Math.round((performance.now() - started) / 100) / 10;
    await lookups(service, orgId, users, callers, 1000);
    const measuredFrom = performance.now();
    const latencies = await lookups(service, orgId, users, callers, requests);
    const seconds = (performance.now() - measuredFrom) / 1000;
    figures = {
      measuredAt: new Date().toISOString(),
      users,
      callers,
      requests,
      seededSeconds,
      perSecond: Math.round(requests / seconds),
      latencyMs: summary(latencies),
      explain: await explained(service.databaseUrl!, orgId),
    };
  } finally {
    await service.stop();
  }
  const text = JSON.stringify(figures, null, 2);
  console.log(text);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${text}\n`);
}

await main();
