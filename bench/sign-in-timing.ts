/**
 * `npm run bench:sign-in-timing`: whether an unknown user name and a wrong password take the
 * same time at the password step, as someone probing for user names would see it; and then
 * whether a locked name answers alike for a user and for nobody.
 *
 *   npm run bench:sign-in-timing   [TIMING_SAMPLES=200] [TIMING_WARM_UP=10]
 *
 * Starts the API in this process over a MariaDB database of its own (as the bench does, without
 * the relay and the worker, which the password step does not involve), with the address limit
 * raised so that no count of failures from the one address ends the run. The prober is a process
 * of its own, as a remote one would be: in this process its reading of an answer would wait for
 * what the service does after answering. It brings two sign-ins to the password step through the
 * code flow: one for a user name nobody has, one for a user with a password (the service's
 * argon2id at today's cost). Then TIMING_SAMPLES wrong passwords are submitted to each, one at a
 * time, the two kinds interleaved in a random order, each timed from the request to the full
 * answer (after TIMING_WARM_UP untimed ones of each). Prints both distributions side by side, the
 * Mann–Whitney U and Kolmogorov–Smirnov tests of the two, and checks that both got the same page
 * and message. Then the same again on a service that locks a name at its first failure: each
 * warm-up's first attempt locks both names, and every timed one is refused by the lock.
 */
import { randomBytes } from 'node:crypto';
import { createHumanUser } from '../services/api/admin/users.js';
import { hashPassword } from '../services/api/credentials/password-hash.js';
import { createClient } from '../services/api/oidc/clients.js';
import { buildOwner } from '../test/support/factories.js';
import {
  authorization,
  discoveredClient,
  publicUrlEnv,
  REDIRECT_URI,
} from '../test/support/relying-party.js';
import { pageError, SignInBrowser, type SignInPage } from '../test/support/sign-in-flow.js';
import { TestService } from '../test/support/test-service.js';
import { runMain } from './bench-report.js';
import {
  probeApart,
  probeInterleaved,
  reportTimings,
  TIMING_RUN,
  type TimingFindings,
} from './timing-report.js';

type Kind = 'unknown user name' | 'wrong password';
const KINDS: Kind[] = ['unknown user name', 'wrong password'];

/** What the prober is told: the provider, its client, and the user name of each kind. */
interface ProbeOrders {
  issuer: string;
  clientId: string;
  clientSecret: string;
  names: Record<Kind, string>;
}

/** What the prober found: the time each wrong password took, and what the pages said. */
type Findings = TimingFindings<Kind>;

async function main(): Promise<void> {
  await timeWrongPasswords('Password step', '1000');
  await timeWrongPasswords('Password step of a locked name', '1');
}

/** Wrong passwords for an unknown name and a known user, on a service locking at `maxFailures`. */
async function timeWrongPasswords(title: string, maxFailures: string): Promise<void> {
  const service = await TestService.start({
    ...(await publicUrlEnv()),
    LOG_LEVEL: 'error',
    SIGN_IN_MAX_FAILURES: maxFailures,
    SIGN_IN_ADDRESS_MAX_FAILURES: '1000000',
  });
  try {
    const { orgId } = await buildOwner(service);
    const runId = randomBytes(3).toString('hex');
    const known = `timing-${runId}`;
    await createHumanUser(service.dataSource, service.config, orgId, {
      userName: known,
      profile: { firstName: 'Timing', lastName: 'Known' },
      email: { email: `${known}@example.com`, isEmailVerified: true },
      hashedPassword: { value: await hashPassword('The-right-passw0rd!') },
    });
    const { clientId, clientSecret } = await createClient(service.dataSource, service.config, {
      name: 'Timing',
      redirectUris: [REDIRECT_URI],
      confidential: true,
    });
    const findings = await probeApart<ProbeOrders, Findings>(import.meta.url, {
      issuer: service.config.publicUrl,
      clientId,
      clientSecret: clientSecret!,
      names: { 'unknown user name': `nobody-${runId}`, 'wrong password': known },
    });
    reportTimings(
      `${title}, ${TIMING_RUN.samples} wrong passwords each, interleaved at random, one at a time, from a process of their own (ms, request to full answer), ${service.config.passwordHashConcurrency} hashing slot(s)`,
      KINDS,
      findings,
    );
  } finally {
    await service.close();
  }
}

/** The prober: the attempts, timed from the request to the full answer. */
async function probe(orders: ProbeOrders): Promise<void> {
  const client = await discoveredClient(orders.issuer, orders.clientId, orders.clientSecret);
  const probes = {} as Record<Kind, { browser: SignInBrowser; page: SignInPage }>;
  for (const kind of KINDS) {
    const browser = new SignInBrowser(orders.issuer);
    const first = await browser.open((await authorization(client)).url);
    probes[kind] = { browser, page: await browser.submit(first, { userName: orders.names[kind] }) };
  }
  const attempt = async (kind: Kind) => {
    const probe = probes[kind];
    const started = performance.now();
    probe.page = await probe.browser.submit(probe.page, { password: `wrong-${Math.random()}` });
    const ms = performance.now() - started;
    // A lock's end differs by name; the words are what must not.
    const said = `${probe.page.status} ${pageError(probe.page)?.replace(/ until .*$/, ' until …')}`;
    return { ms, said };
  };
  const findings = await probeInterleaved(KINDS, TIMING_RUN, attempt);
  process.send!(findings, () => process.exit(0));
}

if (process.argv[2] === 'probe') runMain(() => probe(JSON.parse(process.argv[3]!) as ProbeOrders));
else runMain(main);
