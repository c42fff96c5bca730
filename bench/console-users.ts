/**
 * `npm run bench:console-users`: the admin console's users list (`/ui/console/users`), the whole
 * page rendered on the server, in an organization of `--users` people (1,000,000 by default).
 *
 * The API as deployed (dist/services/api/main.js) on 127.0.0.1 over its own MariaDB database,
 * whose user read model is filled as bench:list-users fills it. The setup's administrator gets a
 * password and signs in to the console as a browser without scripts would (the provider's sign-in
 * pages, the console's callback, its sealed session cookie); then one caller (a person at the
 * console) asks each page `--requests` times (200) after 20 to warm, one after another over a
 * kept-alive connection on loopback, so that each latency is the server's time to answer the whole
 * page: the first page (by user name), sorted by each other column, the next page by its cursor,
 * the previous page by its cursor (the third page's link back), and a search by the start of a
 * user name. Each answer must be the console's page with 50 users
 * (the whole run stays within the access token's ten minutes: the console renews it with a
 * rotated refresh token, which this client does not keep). Prints JSON, and writes it to `--out`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SignInBrowser } from '../test/support/sign-in-flow.js';
import { Http1Pool } from './http1-client.js';
import { startDistributed, type RunningService } from './migrate-services.js';
import { organization } from './seeded-read-model.js';
import { summary } from './statistics.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

const PASSWORD = 'Console-bench-1!';

/** The setup's administrator with a password, signed in to the console: its cookies. */
async function signedIn(service: RunningService): Promise<string> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, never>;
  };
  // The token's subject is the administrator, `admin` (identityctl setup's).
  const [, payload] = service.token.split('.');
  const { sub } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string };
  await call('POST', `/management/v1/users/${sub}/password`, {
    password: PASSWORD,
    noChangeRequired: true,
  });
  const browser = new SignInBrowser(service.url);
  const page = await browser.signIn(`${service.url}/ui/console/users`, 'admin', PASSWORD);
  if (!page.url.includes('/ui/console/users') || page.status !== 200)
    throw new Error(`the sign-in ended at ${page.url} (${page.status})`);
  return browser.jar.header(`${service.url}/ui/console/users`);
}

/** `requests` asks of `path`, one after another; the latencies, in milliseconds. */
async function timed(pool: Http1Pool, cookie: string, path: string, requests: number) {
  const latencies: number[] = [];
  let html = '';
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const answer = await pool.request('GET', path, { cookie }, Buffer.alloc(0));
    latencies.push(performance.now() - started);
    html = answer.body.toString();
    const rows = html.match(/<tr>\s*<td>/g)?.length ?? 0;
    if (answer.status !== 200 || rows !== 50)
      throw new Error(`${path}: ${answer.status}, ${rows} rows: ${html.slice(0, 300)}`);
  }
  return { latencies, html };
}

async function main(): Promise<void> {
  const users = Number(option('users', '1000000'));
  const requests = Number(option('requests', '200'));
  const out = option('out', 'docs/benchmarks/console-users-results.json');

  const service = await startDistributed('', false, 1);
  let figures;
  try {
    const started = performance.now();
    await organization(service, users);
    const seededSeconds = Math.round((performance.now() - started) / 100) / 10;
    const cookie = await signedIn(service);
    const pool = new Http1Pool(service.url);
    const first = await timed(pool, cookie, '/ui/console/users', 1);
    const linked = (page: string, name: string) =>
      new RegExp(`href="([^"]*)"\\s*>${name}<`).exec(page)![1]!.replace(/&amp;/g, '&');
    const next = linked(first.html, 'Next page');
    // The third page's link back: the second page by ListUsers' previous cursor.
    const third = await timed(
      pool,
      cookie,
      linked((await timed(pool, cookie, next, 1)).html, 'Next page'),
      1,
    );
    const previous = linked(third.html, 'Previous page');
    if (!previous.includes('cursor='))
      throw new Error(`the previous page is not by cursor: ${previous}`);
    const pages: Record<string, string> = {
      'first page (user name)': '/ui/console/users',
      'sorted by display name': '/ui/console/users?sort=name',
      'sorted by email, descending': '/ui/console/users?sort=email&dir=desc',
      'sorted by state': '/ui/console/users?sort=state',
      'next page (cursor)': next,
      'previous page (cursor)': previous,
      'user name starts with "user12"': '/ui/console/users?q=user12',
    };
    const latencyMs: Record<string, ReturnType<typeof summary>> = {};
    for (const [name, path] of Object.entries(pages)) {
      await timed(pool, cookie, path, 20);
      latencyMs[name] = summary((await timed(pool, cookie, path, requests)).latencies);
    }
    figures = { measuredAt: new Date().toISOString(), users, requests, seededSeconds, latencyMs };
  } finally {
    await service.stop();
  }
  const text = JSON.stringify(figures, null, 2);
  console.log(text);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${text}\n`);
}

await main();
