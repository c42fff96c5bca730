import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { createHumanUser } from '../../services/api/admin/users.js';
import { freshAddress } from '../support/client-addresses.js';
import { describeWithService } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { forgetResendCounts } from '../support/redis-keys.js';
import { minimalImport } from '../support/requests.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { pageError, SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';
import type { TestService } from '../support/test-service.js';

const MAX_FAILURES = 5;
const ADDRESS_MAX_FAILURES = 8;
const PASSWORD = 'Right-passw0rd!';
const OTP_SECRET = 'JBSWY3DPEHPK3PXP';
const WRONG = 'Unknown user name or wrong password.';
const LOCKED = /^Too many failed attempts\. Signing in is locked until .+ UTC\.$/;
const BLOCKED = 'Too many failed attempts from your address. Try again later.';

type Outcome = 'wrong' | 'locked' | 'blocked' | 'wrong code' | 'signed in' | 'next step';

/** What a page after a submitted secret says happened. */
function outcomeOf(page: SignInPage): Outcome {
  if (/callback\?code=/.test(page.url)) return 'signed in';
  const error = pageError(page);
  if (error === WRONG) return 'wrong';
  if (error === BLOCKED) return 'blocked';
  if (error === 'That code is not valid.') return 'wrong code';
  if (error !== undefined && LOCKED.test(error)) return 'locked';
  expect(error, `an answer to a secret: ${page.html.slice(0, 300)}`).to.equal(undefined);
  return 'next step';
}

function tally(outcomes: Outcome[]): Partial<Record<Outcome, number>> {
  const counted: Partial<Record<Outcome, number>> = {};
  for (const outcome of outcomes) counted[outcome] = (counted[outcome] ?? 0) + 1;
  return counted;
}

/**
 * An attacker with many connections: attempts sent at once, sequentially at full speed, on names
 * that exist and names that do not. The failure budget holds for all, and says nothing of who
 * exists.
 */
function attacks(service: TestService): void {
  let orgId: string;
  let client: Awaited<ReturnType<typeof relyingParty>>;
  before(async () => {
    orgId = (await buildOrg(service)).orgId;
    client = await relyingParty(service);
  });
  after(async () => {
    if (service.config.redisUrl) await forgetResendCounts(service.config);
  });

  async function importUser(body: Record<string, unknown> = {}) {
    const userName = `attacked-${Math.random().toString(36).slice(2)}`;
    const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
      ...minimalImport(userName),
      password: PASSWORD,
      ...body,
    });
    return { userName, userId };
  }

  /** A sign-in of its own, brought to the password step for `userName`. */
  async function atPasswordStep(userName: string, address = freshAddress()) {
    const browser = new SignInBrowser(service.config.publicUrl, 'en', {
      'x-forwarded-for': address,
    });
    const first = await browser.open((await authorization(client)).url);
    return { browser, page: await browser.submit(first, { userName }) };
  }

  async function password(userName: string, secret: string, address?: string) {
    const { browser, page } = await atPasswordStep(userName, address);
    return outcomeOf(await browser.submit(page, { password: secret }));
  }

  /** The reasons of the user's failed sign-ins recorded so far. */
  async function failures(userId: string): Promise<string[]> {
    return (await service.events(userId))
      .filter((event) => event.type === 'user.human.signin.failed')
      .map((event) => (event.payload as { reason: string }).reason);
  }

  it('checks no more of a user’s passwords sent at once than the budget: ten wrong and the right one', async () => {
    const { userName, userId } = await importUser();
    const ready = await Promise.all(Array.from({ length: 11 }, () => atPasswordStep(userName)));
    const outcomes = await Promise.all(
      ready.map(({ browser, page }, n) =>
        browser.submit(page, { password: n === 10 ? PASSWORD : `wrong-${n}` }).then(outcomeOf),
      ),
    );
    const counted = tally(outcomes);
    const checked = (counted.wrong ?? 0) + (counted['signed in'] ?? 0);
    expect(checked, JSON.stringify(counted)).to.be.within(1, MAX_FAILURES);
    expect(counted.locked, JSON.stringify(counted)).to.equal(11 - checked);
    // Every wrong password checked is recorded (after its answer), and no other.
    const recorded = await pollUntil(
      () => failures(userId),
      (reasons) =>
        reasons.filter((reason) => reason === 'wrong-password').length >= (counted.wrong ?? 0),
      10_000,
    );
    expect(recorded.filter((reason) => reason === 'wrong-password')).to.have.length(
      counted.wrong ?? 0,
    );
    if (!counted['signed in'])
      expect(await password(userName, PASSWORD), 'the right password later').to.equal('locked');
  });

  it('checks no more of an unknown name’s passwords sent at once than the budget', async () => {
    const userName = `nobody-${Math.random().toString(36).slice(2)}`;
    const outcomes = await Promise.all(
      Array.from({ length: 11 }, (_, n) => password(userName, `wrong-${n}`)),
    );
    expect(tally(outcomes)).to.deep.equal({ wrong: MAX_FAILURES, locked: 11 - MAX_FAILURES });
  });

  it('refuses the right password sent right after the fifth wrong one', async () => {
    const { userName } = await importUser();
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt++)
      expect(await password(userName, `wrong-${attempt}`), `attempt ${attempt}`).to.equal('wrong');
    expect(await password(userName, PASSWORD)).to.equal('locked');
  });

  it('answers a name nobody has as a user’s, its lock included, in any case', async () => {
    const { userName } = await importUser();
    const unknown = `nobody-${Math.random().toString(36).slice(2)}`;
    const answers = async (name: string) => {
      const pages = [];
      for (let attempt = 0; attempt <= MAX_FAILURES; attempt++) {
        const { browser, page } = await atPasswordStep(attempt % 2 ? name.toUpperCase() : name);
        const answered = await browser.submit(page, { password: `wrong-${attempt}` });
        pages.push(`${answered.status} ${pageError(answered)?.replace(/until .*$/, 'until …')}`);
      }
      return pages;
    };
    const known = await answers(userName);
    expect(known).to.deep.equal([
      ...Array<string>(MAX_FAILURES).fill(`400 ${WRONG}`),
      '400 Too many failed attempts. Signing in is locked until …',
    ]);
    expect(await answers(unknown)).to.deep.equal(known);
  });

  it('checks no more of a user’s TOTP codes sent at once than the budget', async () => {
    const { userName, userId } = await importUser({ otpCode: OTP_SECRET });
    // Ten sign-ins at the code step (one after the other: a right password is no failure).
    const ready = [];
    for (let n = 0; n < 10; n++) {
      const { browser, page } = await atPasswordStep(userName);
      const asked = await browser.submit(page, { password: PASSWORD });
      expect(asked.html).to.contain('name="code"');
      ready.push({ browser, page: asked });
    }
    const totp = new OTPAuth.TOTP({ secret: OTP_SECRET });
    const right = Number(totp.generate());
    const wrong = String((right + 1) % 1_000_000).padStart(6, '0');
    const outcomes = await Promise.all(
      ready.map(({ browser, page }) => browser.submit(page, { code: wrong }).then(outcomeOf)),
    );
    // The last allowed attempt answers with the lock it set; each checked code is recorded.
    expect(tally(outcomes)).to.deep.equal({
      'wrong code': MAX_FAILURES - 1,
      locked: 10 - MAX_FAILURES + 1,
    });
    expect((await failures(userId)).filter((reason) => reason === 'wrong-otp')).to.have.length(
      MAX_FAILURES,
    );
  });

  it('checks no more of one address’s passwords sent at once than its budget, whatever the names', async () => {
    const address = freshAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        password(`sprayed-${n}-${address}`, 'Summer2026!', address),
      ),
    );
    expect(tally(outcomes)).to.deep.equal({
      wrong: ADDRESS_MAX_FAILURES,
      blocked: 20 - ADDRESS_MAX_FAILURES,
    });
  });
}

const env = async () => ({
  ...(await publicUrlEnv()),
  TRUST_PROXY_HOPS: '1',
  SIGN_IN_MAX_FAILURES: String(MAX_FAILURES),
  SIGN_IN_ADDRESS_MAX_FAILURES: String(ADDRESS_MAX_FAILURES),
  SIGN_IN_LOCK_SECONDS: '120',
});

describeWithService('Sign-in under attack, counted in Redis (MariaDB)', attacks, env);
describeWithService(
  'Sign-in under attack, counted in the database (embedded SQLite, no Redis)',
  attacks,
  async () => ({ ...(await env()), DATABASE_URL: '', REDIS_URL: '' }),
);
