/**
 * `npm run bench:sign-in-timing`: whether an unknown user name and a wrong password take the
 * same time at the password step, as someone probing for user names would see it.
 *
 *   npm run bench:sign-in-timing   [TIMING_SAMPLES=200] [TIMING_WARM_UP=10]
 *
 * Starts the API in this process over a MariaDB database of its own (as the bench does, without
 * the relay and the worker, which the password step does not involve), with the lockout limits
 * raised so that no count of failures ends the run. Two sign-ins are brought to the password
 * step through the code flow: one for a user name nobody has, one for a user with a password
 * (the service's argon2id at today's cost). Then TIMING_SAMPLES wrong passwords are submitted
 * to each, one at a time, the two kinds interleaved in a random order, each timed from the
 * request to the full answer (after TIMING_WARM_UP untimed ones of each). Prints both
 * distributions side by side, the Mann–Whitney U and Kolmogorov–Smirnov tests of the two, and
 * checks that both got the same page and message.
 */
import { randomBytes } from 'node:crypto';
import { createHumanUser } from '../services/api/admin/users.js';
import { hashPassword } from '../services/api/credentials/password-hash.js';
import { buildOwner } from '../test/support/factories.js';
import { authorization, publicUrlEnv, relyingParty } from '../test/support/relying-party.js';
import { pageError, SignInBrowser, type SignInPage } from '../test/support/sign-in-flow.js';
import { TestService } from '../test/support/test-service.js';
import { machine, runMain } from './bench-report.js';
import { kolmogorovSmirnov, mannWhitney, summary, type Summary } from './statistics.js';

const SAMPLES = Number(process.env.TIMING_SAMPLES ?? 200);
const WARM_UP = Number(process.env.TIMING_WARM_UP ?? 10);
type Kind = 'unknown user name' | 'wrong password';
const KINDS: Kind[] = ['unknown user name', 'wrong password'];

/** A sign-in brought to its password step, and the time each wrong password then took. */
interface Probe {
  browser: SignInBrowser;
  page: SignInPage;
  ms: number[];
  answers: Set<string>;
}

async function main(): Promise<void> {
  const service = await TestService.start({
    ...(await publicUrlEnv()),
    LOG_LEVEL: 'error',
    SIGN_IN_MAX_FAILURES: '1000',
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
    const client = await relyingParty(service);
    const probes = {} as Record<Kind, Probe>;
    for (const kind of KINDS) {
      const browser = new SignInBrowser(service.config.publicUrl);
      const first = await browser.open((await authorization(client)).url);
      const userName = kind === 'wrong password' ? known : `nobody-${runId}`;
      const page = await browser.submit(first, { userName });
      probes[kind] = { browser, page, ms: [], answers: new Set() };
    }

    const attempt = async (kind: Kind, timed: boolean) => {
      const probe = probes[kind];
      const started = performance.now();
      probe.page = await probe.browser.submit(probe.page, { password: `wrong-${Math.random()}` });
      const ms = performance.now() - started;
      if (!timed) return;
      probe.ms.push(ms);
      probe.answers.add(`${probe.page.status} ${pageError(probe.page)}`);
    };
    for (let i = 0; i < WARM_UP; i++) for (const kind of KINDS) await attempt(kind, false);
    for (const kind of shuffled(KINDS.flatMap((kind) => Array<Kind>(SAMPLES).fill(kind))))
      await attempt(kind, true);

    report(probes, service.config.passwordHashConcurrency);
  } finally {
    await service.close();
  }
}

function report(probes: Record<Kind, Probe>, slots: number): void {
  const [a, b] = KINDS.map((kind) => probes[kind].ms) as [number[], number[]];
  const summaries = KINDS.map((kind) => summary(probes[kind].ms));
  const rows: (keyof Summary)[] = ['n', 'min', 'p10', 'p25', 'p50', 'p75', 'p90', 'p99', 'max'];
  const cell = (value: number, key: string) =>
    (key === 'n' ? String(value) : value.toFixed(2)).padStart(18);
  const { cpus, cpu, node } = machine();
  console.log(
    `Password step, ${SAMPLES} wrong passwords each, interleaved at random, one at a time (ms, request to full answer); ${cpus} cores (${String(cpu)}), Node ${String(node)}, ${slots} hashing slot(s)\n`,
  );
  console.log(`${''.padEnd(8)}${KINDS.map((kind) => kind.padStart(18)).join('')}`);
  for (const key of [...rows, 'mean', 'stdev'] as (keyof Summary)[])
    console.log(`${key.padEnd(8)}${summaries.map((s) => cell(s[key], key)).join('')}`);
  const median = summaries[1]!.p50 - summaries[0]!.p50;
  const mw = mannWhitney(a, b);
  const ks = kolmogorovSmirnov(a, b);
  console.log(
    `\nwrong password − unknown user name: median ${median.toFixed(2)} ms, mean ${(summaries[1]!.mean - summaries[0]!.mean).toFixed(2)} ms`,
  );
  console.log(
    `Mann–Whitney U = ${mw.u} (of ${a.length * b.length}), z = ${mw.z.toFixed(2)}, two-sided p = ${mw.p.toPrecision(3)}`,
  );
  console.log(`Kolmogorov–Smirnov D = ${ks.d.toFixed(3)}, two-sided p = ${ks.p.toPrecision(3)}`);
  for (const kind of KINDS)
    console.log(`answers to ${kind}: ${[...probes[kind].answers].join(' | ')}`);
}

/** A copy of `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

runMain(main);
