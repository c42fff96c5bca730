import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { freshAddress } from '../support/client-addresses.js';
import { describeDelivering, describeWithService } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import type { TestService } from '../support/test-service.js';

const OLD_PASSWORD = 'Forgotten-one-1!';
const NEW_PASSWORD = 'Remembered-two-2!';
/** The "Forgot password?" form's budget per login (kit/new-link-flow.ts). */
const PER_LOGIN = 3;

/** What each language's pages and email say, as far as the journey reads them. */
const SAID = {
  en: {
    forgot: 'Forgot your password?',
    sent: 'Check your email',
    limited: 'Too many requests',
    email: 'Somebody asked to reset the password',
    choose: 'Choose a new password',
    gone: 'This link no longer works',
    wrong: 'Unknown user name or wrong password.',
  },
  de: {
    forgot: 'Passwort vergessen?',
    sent: 'Bitte sehen Sie in Ihre E-Mails',
    limited: 'Zu viele Anfragen',
    email: 'Jemand hat verlangt, das Passwort',
    choose: 'Neues Passwort wählen',
    gone: 'Dieser Link gilt nicht mehr',
    wrong: 'Unbekannter Benutzername oder falsches Passwort.',
  },
} as const;

/** An email's text with quoted-printable undone (soft breaks, `=3D`). */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The reset link of an email. */
function resetLink(raw: string): string {
  const link = /(http:\/\/[\w.:]+\/ui\/login\/password\/reset\?[\w=&%-]+)/.exec(unfolded(raw))?.[1];
  expect(link, 'a password reset link').to.be.a('string');
  return link!;
}

/**
 * The person who forgot their password, in headless Chromium, signing in to an application
 * (openid-client as its relying party): "Forgot password?" on the password step, the email (an
 * `.eml` file embedded, the SMTP sink's message distributed), its link, a new password, and the
 * application receives its code; the old password, the used link and the other sessions' refresh
 * tokens then fail. A flood of requests sends no more emails than the budget; an unknown name
 * gets the same page and no email. In English and in German (Accept-Language `de`).
 */
function journey(
  service: TestService,
  mailsTo: (address: string, count: number) => Promise<string[]>,
  mailed: (address: string) => Promise<number>,
) {
  let browser: Browser;
  let token: string;
  const csp = forbidPolicyViolations();
  const contexts: BrowserContext[] = [];

  before(async function () {
    this.timeout(600_000);
    browser = await launchChromium();
    token = (await buildOwner(service)).token;
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** A browser of its own, speaking `language`, from an address of its own. */
  const newPage = async (language: 'en' | 'de'): Promise<Page> => {
    const context = await browser.newContext({
      locale: language,
      extraHTTPHeaders: { 'accept-language': language, 'x-forwarded-for': freshAddress() },
    });
    contexts.push(context);
    csp.watch(context);
    return context.newPage();
  };

  const importUser = async (userName: string, language: 'en' | 'de') => {
    const imported = await service.importUser(
      {
        userName,
        profile: { firstName: 'Fay', lastName: 'Forget', preferredLanguage: language },
        email: { email: `${userName}@example.com`, isEmailVerified: true },
        password: OLD_PASSWORD,
      },
      { token },
    );
    expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
    return imported.body.userId as string;
  };

  const landing = () => `${service.config.publicUrl}/ui/profile`;
  const requested = () =>
    service.count('events', 'type = ?', ['user.human.password.code.requested']);

  /** An authorization opened in `page` up to its password step. */
  const toPasswordStep = async (page: Page, client: oidc.Configuration, userName: string) => {
    const started = await authorization(client, landing());
    await page.goto(started.url);
    await page.fill('#userName', userName);
    await page.click('button[type=submit]');
    await page.waitForSelector('#password');
    return started.checks;
  };

  /** The "Forgot password?" form filled with `login` and sent: the answer's heading and text. */
  const askFor = async (page: Page, login: string) => {
    await page.fill('input[name=login]', login);
    await page.click('button[type=submit]');
    await page.waitForSelector('h1');
    return { title: await page.textContent('h1'), text: await page.textContent('main') };
  };

  for (const language of ['en', 'de'] as const) {
    const said = SAID[language];

    it(`${language}: from a client's sign-in, "Forgot password?", the email's link and a new password give the client its code; the old password, the link and other sessions' refresh tokens fail`, async () => {
      const userName = `forgetful-${language}-${Date.now()}`;
      const userId = await importUser(userName, language);
      const client = await relyingParty(service, landing());

      // Signed in elsewhere with the old password: a refresh token the reset is to end.
      const elsewhere = await newPage(language);
      const earlier = await toPasswordStep(elsewhere, client, userName);
      await elsewhere.fill('#password', OLD_PASSWORD);
      await elsewhere.click('button[type=submit]');
      await elsewhere.waitForURL(/\/ui\/profile\?code=/);
      const old = await oidc.authorizationCodeGrant(client, new URL(elsewhere.url()), earlier);
      expect(old.refresh_token).to.be.a('string');

      const page = await newPage(language);
      const checks = await toPasswordStep(page, client, userName);
      await page.click('#forgot-password a');
      expect(await page.textContent('h1')).to.equal(said.forgot);
      const answer = await askFor(page, userName);
      expect(answer.title).to.equal(said.sent);

      const [mail] = await mailsTo(`${userName}@example.com`, 1);
      expect(unfolded(mail!)).to.contain(said.email);
      const link = resetLink(mail!);
      expect(new URL(link).searchParams.get('userID')).to.equal(userId);
      expect(new URL(link).searchParams.get('interaction'), 'the sign-in it continues').to.be.a(
        'string',
      );

      await page.goto(link);
      expect(await page.textContent('h1')).to.equal(said.choose);
      await page.fill('input[name=password]', NEW_PASSWORD);
      await page.fill('input[name=confirmation]', NEW_PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/ui\/profile\?code=/);
      const tokens = await oidc.authorizationCodeGrant(client, new URL(page.url()), checks);
      expect(tokens.claims()!.sub).to.equal(userId);

      const refresh = await oidc.refreshTokenGrant(client, old.refresh_token!).then(
        () => 'refreshed',
        (error: { error?: string }) => error.error,
      );
      expect(refresh, 'the other session’s refresh').to.equal('invalid_grant');

      const again = await page.goto(link);
      expect(again!.status(), 'the link used').to.equal(410);
      expect(await page.textContent('h1')).to.equal(said.gone);

      const stranger = await newPage(language);
      await toPasswordStep(stranger, client, userName);
      await stranger.fill('#password', OLD_PASSWORD);
      await stranger.click('button[type=submit]');
      await stranger.waitForSelector('.error');
      expect(await stranger.textContent('.error')).to.contain(said.wrong);

      const events = await service.events(userId);
      const changed = events.filter((event) => event.type === 'user.human.password.changed');
      expect(changed.map((event) => event.payload)).to.deep.equal([
        { changeRequired: false, by: 'reset' },
      ]);
      const code = new URL(link).searchParams.get('code')!;
      expect(JSON.stringify(events.map((event) => event.payload)))
        .to.not.contain(code)
        .and.not.contain(NEW_PASSWORD);
    });

    it(`${language}: asked again and again, sends no more emails than the budget; an unknown name gets the same page and no email`, async () => {
      const userName = `flooding-${language}-${Date.now()}`;
      const userId = await importUser(userName, language);
      const before = await requested();

      const unknown = await newPage(language);
      await unknown.goto(`${service.config.publicUrl}/ui/login/password/forgot`);
      const nobodyAddress = `nobody-${Date.now()}@example.com`;
      const nobody = await askFor(unknown, nobodyAddress);

      const page = await newPage(language);
      const answers = [];
      for (let i = 0; i < PER_LOGIN + 2; i++) {
        await page.goto(`${service.config.publicUrl}/ui/login/password/forgot`);
        answers.push(await askFor(page, userName));
      }
      expect(answers.map((answer) => answer.title)).to.deep.equal([
        ...Array<string>(PER_LOGIN).fill(said.sent),
        said.limited,
        said.limited,
      ]);
      expect(nobody, 'the unknown name’s answer').to.deep.equal(answers[0]);

      const mails = await mailsTo(`${userName}@example.com`, PER_LOGIN);
      expect(mails).to.have.length(PER_LOGIN);
      // Every email asked for is sent by now: none was asked for the unknown name.
      await pollUntil(
        () => service.count('user_codes', 'user_id = ? AND sent_at IS NOT NULL', [userId]),
        (sent) => sent === PER_LOGIN,
        30_000,
      );
      expect(await requested()).to.equal(before + PER_LOGIN);
      expect(await mailed(nobodyAddress), 'emails to the unknown name').to.equal(0);
    });
  }
}

const env = async () => ({ ...(await publicUrlEnv()), TRUST_PROXY_HOPS: '1' });

describeWithService(
  'password reset from the sign-in page in headless Chromium, embedded (SQLite, .eml files)',
  function (service) {
    this.timeout(120_000);
    before(async () => {
      await service.startWorker();
    });
    journey(
      service,
      (address, count) => service.emailsTo(address, count),
      async (address) => (await service.emailsTo(address, 0)).length,
    );
  },
  async () => ({ ...(await env()), DATABASE_URL: '', KAFKA_BROKERS: '', REDIS_URL: '' }),
);

describeDelivering(
  'password reset from the sign-in page in headless Chromium, distributed (MariaDB, Kafka, Redis, SMTP)',
  function (service, smtp) {
    this.timeout(120_000);
    journey(
      service,
      (address, count) => smtp().rawTo(address, count),
      async (address) => smtp().to(address).length,
    );
  },
  env,
);
