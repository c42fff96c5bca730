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
import { randomBytes } from 'node:crypto';
import { createHumanUser } from '../services/api/admin/users.js';
import { hashPassword } from '../services/api/credentials/password-hash.js';
import { freshAddress } from '../test/support/client-addresses.js';
import { buildOwner } from '../test/support/factories.js';
import { pollUntil } from '../test/support/poll.js';
import { publicUrlEnv } from '../test/support/relying-party.js';
import { TestService } from '../test/support/test-service.js';
import { runMain } from './bench-report.js';
import {
  probeApart,
  probeInterleaved,
  reportTimings,
  TIMING_RUN,
  type TimingFindings,
} from './timing-report.js';

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
    const count = TIMING_RUN.samples + TIMING_RUN.warmUp;
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
    const findings = await probeApart<ProbeOrders, TimingFindings<Kind>>(import.meta.url, {
      origin: service.api.url,
      names,
    });
    reportTimings(
      `"Forgot password?" form, ${TIMING_RUN.samples} names of each kind, each asked for once from an address of its own, interleaved at random, one at a time, from a process of their own (ms, request to full answer)`,
      KINDS,
      findings,
    );
    // Each request is recorded after its answer: the last one's a moment after the prober ends.
    const requested = await pollUntil(
      () => service.count('events', 'type = ?', ['user.human.password.code.requested']),
      (recorded) => recorded >= count,
      5_000,
    ).catch(() => service.count('events', 'type = ?', ['user.human.password.code.requested']));
    console.log(`password.code.requested recorded: ${requested} (of ${count} who get an email)`);
  } finally {
    await service.close();
  }
}

/** The prober: one browser's CSRF cookie and token, then each name asked for once, timed. */
async function probe({ origin, names }: ProbeOrders): Promise<void> {
  const page = await fetch(`${origin}${FORGOT}`);
  const cookie = /sign_in_csrf=[^;]+/.exec(page.headers.getSetCookie().join(';'))![0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const left = Object.fromEntries(KINDS.map((kind) => [kind, [...names[kind]]])) as Record<
    Kind,
    string[]
  >;
  const ask = async (kind: Kind) => {
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
    const said = `${response.status} ${/<h1>([^<]*)<\/h1>/.exec(text)?.[1]} (${text.length} bytes)`;
    return { ms, said };
  };
  const findings = await probeInterleaved(KINDS, TIMING_RUN, ask);
  process.send!(findings, () => process.exit(0));
}

if (process.argv[2] === 'probe') runMain(() => probe(JSON.parse(process.argv[3]!) as ProbeOrders));
else runMain(main);
