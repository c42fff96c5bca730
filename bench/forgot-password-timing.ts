/**
 * `npm run bench:forgot-password-timing`: whether the "Forgot password?" form answers in the same
 * time whoever the name is: a user who gets an email (active, email verified), a name nobody has,
 * and users who get none (email unverified, locked by an administrator), as someone probing for
 * user names would see it.
 *
 *   npm run bench:forgot-password-timing   [TIMING_SAMPLES=200] [TIMING_WARM_UP=10]
 *
 * Starts the API in this process over a MariaDB database of its own, without the relay and the
 * worker (the form only records its request; the email is the worker's, later), with
 * TRUST_PROXY_HOPS=1. It makes TIMING_SAMPLES users of each kind (and as many unknown names),
 * so that each name is asked for once, within its budget, and each request comes from an
 * address of its own (X-Forwarded-For), within that budget too: what is timed is the form's work,
 * not a refusal. The prober is a process of its own, as a remote one would be. Each request is
 * timed from its sending to the full answer, the kinds interleaved in a random order, one at a
 * time, after TIMING_WARM_UP untimed ones of each. Prints the distributions side by side, each
 * kind against the user who gets an email (Mann–Whitney U, Kolmogorov–Smirnov), and checks that
 * every answer was the same page.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createHumanUser } from '../services/api/admin/users.js';
import { hashPassword } from '../services/api/credentials/password-hash.js';
import { freshAddress } from '../test/support/client-addresses.js';
import { buildOwner } from '../test/support/factories.js';
import { publicUrlEnv } from '../test/support/relying-party.js';
import { TestService } from '../test/support/test-service.js';
import { runMain } from './bench-report.js';
import { reportTimings, shuffled, type TimingFindings } from './timing-report.js';

const SAMPLES = Number(process.env.TIMING_SAMPLES ?? 200);
const WARM_UP = Number(process.env.TIMING_WARM_UP ?? 10);
const KINDS = ['gets an email', 'unknown name', 'email unverified', 'locked'] as const;
type Kind = (typeof KINDS)[number];
const FORGOT = '/ui/login/password/forgot';

/** What the prober is told: where the service is, and the names of each kind. */
interface ProbeOrders {
  origin: string;
  names: Record<Kind, string[]>;
}

async function main(): Promise<void> {
  const service = await TestService.start({
    ...(await publicUrlEnv()),
    LOG_LEVEL: 'error',
    TRUST_PROXY_HOPS: '1',
  });
  try {
    const owner = await buildOwner(service);
    const runId = randomBytes(3).toString('hex');
    const hash = await hashPassword('The-right-passw0rd!');
    const count = SAMPLES + WARM_UP;
    const names = {} as Record<Kind, string[]>;
    for (const kind of KINDS) {
      names[kind] = Array.from(
        { length: count },
        (_, i) => `${kind.replace(/ /g, '-')}-${runId}-${i}`,
      );
      if (kind === 'unknown name') continue;
      for (const userName of names[kind]) {
        const { userId } = await createHumanUser(service.dataSource, service.config, owner.orgId, {
          userName,
          profile: { firstName: 'Timing', lastName: 'Forgot' },
          email: { email: `${userName}@example.com`, isEmailVerified: kind !== 'email unverified' },
          hashedPassword: { value: hash },
        });
        if (kind === 'locked')
          await service.dataSource.query("UPDATE users SET state = 'locked' WHERE id = ?", [
            userId,
          ]);
      }
    }
    const findings = await probeApart({ origin: service.api.url, names });
    reportTimings(
      `"Forgot password?" form, ${SAMPLES} names of each kind, each asked for once from an address of its own, interleaved at random, one at a time, from a process of their own (ms, request to full answer)`,
      KINDS,
      findings,
    );
    const requested = await service.count('events', 'type = ?', [
      'user.human.password.code.requested',
    ]);
    console.log(`password.code.requested recorded: ${requested} (of ${count} who get an email)`);
  } finally {
    await service.close();
  }
}

/** Runs this module as the prober, in a process of its own, and answers what it found. */
function probeApart(orders: ProbeOrders): Promise<TimingFindings<Kind>> {
  const child = fork(fileURLToPath(import.meta.url), ['probe', JSON.stringify(orders)]);
  return new Promise((resolve, reject) => {
    child.once('message', (findings) => resolve(findings as TimingFindings<Kind>));
    child.once('exit', (code) => reject(new Error(`the prober exited with ${code}`)));
  });
}

/** The prober: one browser's CSRF cookie and token, then each name asked for once, timed. */
async function probe({ origin, names }: ProbeOrders): Promise<void> {
  const page = await fetch(`${origin}${FORGOT}`);
  const cookie = /sign_in_csrf=[^;]+/.exec(page.headers.getSetCookie().join(';'))![0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const findings = {} as TimingFindings<Kind>;
  for (const kind of KINDS) findings[kind] = { ms: [], answers: [] };
  const left = Object.fromEntries(KINDS.map((kind) => [kind, [...names[kind]]])) as Record<
    Kind,
    string[]
  >;
  const ask = async (kind: Kind, timed: boolean) => {
    const login = left[kind].pop()!;
    const started = performance.now();
    const response = await fetch(`${origin}${FORGOT}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshAddress(),
      },
      body: new URLSearchParams({ _csrf: csrf, login }).toString(),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!timed) return;
    findings[kind].ms.push(ms);
    const said = `${response.status} ${/<h1>([^<]*)<\/h1>/.exec(text)?.[1]} (${text.length} bytes)`;
    if (!findings[kind].answers.includes(said)) findings[kind].answers.push(said);
  };
  for (let i = 0; i < WARM_UP; i++) for (const kind of KINDS) await ask(kind, false);
  for (const kind of shuffled(KINDS.flatMap((kind) => Array<Kind>(SAMPLES).fill(kind))))
    await ask(kind, true);
  process.send!(findings, () => process.exit(0));
}

if (process.argv[2] === 'probe') runMain(() => probe(JSON.parse(process.argv[3]!) as ProbeOrders));
else runMain(main);
