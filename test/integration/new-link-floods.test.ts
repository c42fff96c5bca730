import { expect } from 'chai';
import { CookieJar } from '../support/cookie-jar.js';
import { freshAddress } from '../support/client-addresses.js';
import { describeWithService } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { forgetResendCounts } from '../support/redis-keys.js';
import { publicUrlEnv } from '../support/relying-party.js';
import type { TestService } from '../support/test-service.js';

/**
 * The forms' limits (the kit's new-link flow: activation, passkey registration, forgotten
 * password): per address, per login.
 */
const PER_ADDRESS = 5;
const PER_LOGIN = 3;

/**
 * The "send me a new link" forms, asked at once many times: each use is counted before anything
 * is sent, so a flood gets no more emails than the limits allow.
 */
function floods(service: TestService): void {
  let token: string;
  before(async () => {
    token = (await buildOwner(service)).token;
  });
  after(async () => {
    if (service.config.redisUrl) await forgetResendCounts(service.config);
  });

  const forms = {
    activation: {
      deadLink: '/ui/login/init?userID=x&code=y',
      resend: '/ui/login/init/resend',
      requested: 'user.human.init.code.requested',
      user: {},
    },
    'passkey registration': {
      deadLink: '/ui/login/passwordless/init?userID=a&orgID=b&codeID=c&code=d',
      resend: '/ui/login/passwordless/resend',
      requested: 'user.human.passwordless.code.requested',
      user: { requestPasswordlessRegistration: true },
    },
    'password reset': {
      deadLink: '/ui/login/password/reset?userID=x&code=y',
      resend: '/ui/login/password/forgot',
      requested: 'user.human.password.code.requested',
      user: { password: 'Flooded-pass-1!', emailVerified: true },
    },
  };

  /** `logins` posted to the form at once from `address`: the statuses. */
  async function askAtOnce(
    form: (typeof forms)[keyof typeof forms],
    logins: string[],
    address: string,
  ): Promise<number[]> {
    const jar = new CookieJar();
    const headers = { 'x-forwarded-for': address };
    const gone = await jar.fetch(`${service.api.url}${form.deadLink}`, { headers });
    expect(gone.status).to.equal(410);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await gone.text())![1]!;
    const answers = await Promise.all(
      logins.map((login) =>
        jar.fetch(`${service.api.url}${form.resend}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: csrf, login }).toString(),
        }),
      ),
    );
    return answers.map((answer) => answer.status).sort();
  }

  for (const [name, form] of Object.entries(forms)) {
    it(`asks the worker for no more new ${name} links for one login at once than its limit`, async () => {
      const userName = `flooded-${Math.random().toString(36).slice(2)}`;
      const imported = await service.importUser(
        {
          userName,
          profile: { firstName: 'Flo', lastName: 'Od' },
          email: {
            email: `${userName}@example.com`,
            isEmailVerified: 'emailVerified' in form.user,
          },
          ...Object.fromEntries(
            Object.entries(form.user).filter(([key]) => key !== 'emailVerified'),
          ),
        },
        { token },
      );
      expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
      // From addresses of their own, so that only the login's limit counts.
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => askAtOnce(form, [userName], freshAddress())),
      );
      expect(statuses.flat().sort()).to.deep.equal([
        ...Array<number>(PER_LOGIN).fill(200),
        ...Array<number>(10 - PER_LOGIN).fill(429),
      ]);
      // The password reset records its request once its page is sent: all of them, by now or soon.
      const requested = await pollUntil(
        async () =>
          (await service.events(imported.body.userId as string)).filter(
            (event) => event.type === form.requested,
          ),
        (found) => found.length >= PER_LOGIN,
        10_000,
      );
      expect(requested).to.have.length(PER_LOGIN);
    });

    it(`answers no more ${name} requests from one address at once than its limit`, async () => {
      const logins = Array.from({ length: 12 }, (_, n) => `nobody-${n}-${Math.random()}`);
      expect(await askAtOnce(form, logins, freshAddress())).to.deep.equal([
        ...Array<number>(PER_ADDRESS).fill(200),
        ...Array<number>(12 - PER_ADDRESS).fill(429),
      ]);
    });
  }
}

const env = async () => ({ ...(await publicUrlEnv()), TRUST_PROXY_HOPS: '1' });
describeWithService('The new-link forms flooded, counted in Redis (MariaDB)', floods, env);
describeWithService(
  'The new-link forms flooded, counted in memory (embedded SQLite, no Redis)',
  floods,
  async () => ({ ...(await env()), DATABASE_URL: '', REDIS_URL: '' }),
);
