import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { createHumanUser } from '../../services/api/admin/users.js';
import { User } from '../../shared/db/entities/index.js';
import { matchesPasswordHash } from '../../services/api/credentials/password-hash.js';
import { freshAddress } from '../support/client-addresses.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { pollUntil } from '../support/poll.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';
import { pageError, SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';

const OLD_PASSWORD = 'Forgotten-one-1!';
const NEW_PASSWORD = 'Remembered-two-2!';
const OTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const FORGOT = '/ui/login/password/forgot';

/** The reset link of an email (quoted-printable undone). */
function resetLink(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(http:\/\/[\w.:]+\/ui\/login\/password\/reset\?[\w=&%-]+)/.exec(text)?.[1];
  expect(link, 'a password reset link').to.be.a('string');
  return link!;
}

/** Submits the page's form as a browser does: its hidden fields with `fields`. */
function fill(person: SignInBrowser, page: SignInPage, fields: Record<string, string>) {
  const hidden: Record<string, string> = {};
  for (const [, name, value] of page.html.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g))
    hidden[name!] = value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(+code));
  return person.submit(page, { ...hidden, ...fields });
}

/**
 * The password reset's rules, on each database (the worker answering from the outbox, its emails
 * `.eml` files): who gets no email (and the same page), what the link does and refuses, the
 * sign-in it continues (to the TOTP code when the user has one), and no code in a log line.
 */
describeOnEachDatabase(
  'password reset',
  (service) => {
    let owner: BuiltMember;
    let client: Awaited<ReturnType<typeof relyingParty>>;
    const browser = () =>
      new SignInBrowser(service.config.publicUrl, 'en', { 'x-forwarded-for': freshAddress() });
    const importUser = async (fields: Record<string, unknown> = {}) => {
      const userName = `reset-${Math.random().toString(36).slice(2)}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, owner.orgId, {
        ...minimalImport(userName),
        email: { email: `${userName}@example.com`, isEmailVerified: true },
        password: OLD_PASSWORD,
        ...fields,
      });
      return { userName, userId, address: `${userName}@example.com` };
    };
    const typesOf = async (userId: string) =>
      (await service.events(userId)).map((event) => event.type);
    /** The form asked for `login` from a browser of its own: the answer. */
    const ask = async (login: string): Promise<SignInPage> => {
      const person = browser();
      return fill(person, await person.open(`${service.config.publicUrl}${FORGOT}`), { login });
    };
    const passwordIs = async (userId: string, password: string) =>
      matchesPasswordHash(
        (await service.dataSource.getRepository(User).findOneByOrFail({ id: userId }))
          .passwordHash!,
        password,
      );
    const admin = (userId: string, path: string) =>
      service.call('POST', `/management/v1/users/${userId}/${path}`, {
        token: owner.token,
        body: {},
      });

    before(async () => {
      owner = await buildOwner(service);
      client = await relyingParty(service);
      await service.startWorker();
    });

    it('asks nothing for an unverified, deactivated, locked or machine user, or an unknown name, and answers each alike', async () => {
      const verified = await importUser();
      const unverified = await importUser({ email: { email: `u-${Date.now()}@example.com` } });
      const deactivated = await importUser();
      const locked = await importUser();
      expect((await admin(deactivated.userId, '_deactivate')).status).to.equal(200);
      expect((await admin(locked.userId, '_lock')).status).to.equal(200);
      const machine = await buildMachine(service, { owner });

      const answers = [];
      for (const login of [
        unverified.userName,
        deactivated.address,
        locked.userName,
        machine.userName,
        'nobody-at-all',
        verified.userName,
      ])
        answers.push(await ask(login));
      for (const answer of answers) {
        expect(answer.status).to.equal(200);
        expect(answer.html).to.equal(answers.at(-1)!.html);
      }
      await service.emailsTo(verified.address, 1);
      for (const { userId } of [unverified, deactivated, locked, machine])
        expect(await typesOf(userId)).to.not.include('user.human.password.code.requested');
      expect(await service.count('user_codes', "kind = 'password_reset'")).to.equal(1);
    });

    it('sets the password once by a link, using up the other open links; refuses it expired, and for a user deactivated since', async () => {
      const user = await importUser();
      await ask(user.userName);
      await ask(user.address);
      const [first, second] = (await service.emailsTo(user.address, 2)).map(resetLink);
      const person = browser();
      const form = await person.open(second!);
      expect(form.status).to.equal(200);
      const mismatch = await fill(person, form, { password: NEW_PASSWORD, confirmation: 'x' });
      expect(mismatch.status).to.equal(400);
      const weak = await fill(person, mismatch, { password: 'weak', confirmation: 'weak' });
      expect(weak.html).to.contain('At least 8 characters');
      const done = await fill(person, weak, {
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      });
      expect(done.status).to.equal(200);
      expect(done.html).to.contain('Your password is changed').and.contain('href="/ui/profile"');
      expect(await passwordIs(user.userId, NEW_PASSWORD)).to.equal(true);
      expect((await browser().open(first!)).status, 'the other link').to.equal(410);
      expect((await browser().open(second!)).status, 'the link used').to.equal(410);

      await ask(user.userName);
      const [late] = (await service.emailsTo(user.address, 3)).map(resetLink).slice(2);
      await service.dataSource.query(
        "UPDATE user_codes SET expires_at = ? WHERE user_id = ? AND used_at IS NULL AND kind = 'password_reset'",
        [new Date(Date.now() - 1000), user.userId],
      );
      expect((await browser().open(late!)).status, 'the link expired').to.equal(410);

      const leaving = await importUser();
      await ask(leaving.userName);
      const [link] = (await service.emailsTo(leaving.address, 1)).map(resetLink);
      const leaver = browser();
      const opened = await leaver.open(link!);
      expect(opened.status).to.equal(200);
      expect((await admin(leaving.userId, '_deactivate')).status).to.equal(200);
      const gone = await fill(leaver, opened, {
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      });
      expect(gone.status).to.equal(410);
      expect(await passwordIs(leaving.userId, OLD_PASSWORD)).to.equal(true);
    });

    it('continues the sign-in it was asked from to the TOTP code; opened in another browser, says to sign in', async () => {
      const user = await importUser({ otpCode: OTP_SECRET });
      const person = browser();
      const started = await person.open((await authorization(client)).url);
      const passwordStep = await fill(person, started, { userName: user.userName });
      const forgotHref = /<a href="([^"]+\/password\/forgot)"/.exec(passwordStep.html)?.[1];
      expect(forgotHref, 'the "Forgot password?" link').to.be.a('string');
      const forgot = await person.open(new URL(forgotHref!, passwordStep.url).href);
      expect(forgot.html).to.contain('Forgot your password?');
      await fill(person, forgot, { login: user.userName });
      const [link] = (await service.emailsTo(user.address, 1)).map(resetLink);
      const interaction = new URL(link!).searchParams.get('interaction');
      expect(passwordStep.url).to.contain(`/ui/login/${interaction}`);

      const form = await person.open(link!);
      const totpStep = await fill(person, form, {
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      });
      expect(totpStep.url).to.contain(`/ui/login/${interaction}`);
      expect(totpStep.html).to.contain('name="code"');
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OTP_SECRET) });
      const signedIn = await fill(person, totpStep, { code: totp.generate() });
      expect(signedIn.url).to.match(/callback\?code=/);
      const succeeded = (await service.events(user.userId)).filter(
        (event) => event.type === 'user.human.signin.succeeded',
      );
      expect(succeeded.map((event) => event.payload)).to.deep.equal([
        { clientId: client.clientMetadata().client_id, methods: ['password', 'totp'] },
      ]);

      // The same kind of link in a browser that is not in that sign-in.
      const other = await importUser();
      const elsewhere = browser();
      const otherStep = await fill(
        elsewhere,
        await elsewhere.open((await authorization(client)).url),
        { userName: other.userName },
      );
      const href = /<a href="([^"]+\/password\/forgot)"/.exec(otherStep.html)![1]!;
      await fill(elsewhere, await elsewhere.open(new URL(href, otherStep.url).href), {
        login: other.userName,
      });
      const [otherLink] = (await service.emailsTo(other.address, 1)).map(resetLink);
      const stranger = browser();
      const changed = await fill(stranger, await stranger.open(otherLink!), {
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      });
      expect(changed.status).to.equal(200);
      expect(changed.html).to.contain('Your password is changed');
      expect(await passwordIs(other.userId, NEW_PASSWORD)).to.equal(true);
      expect(pageError(changed)).to.equal(undefined);
    });

    it('writes no code or link into a log line, an event or a page but the link’s own', async () => {
      await pollUntil(
        async () => service.count('user_codes', "kind = 'password_reset' AND sent_at IS NULL"),
        (unsent) => unsent === 0,
        30_000,
      );
      const addresses = (
        await service.dataSource.query(
          "SELECT u.email FROM user_codes c JOIN users u ON u.id = c.user_id WHERE c.kind = 'password_reset'",
        )
      ).map((row: { email: string }) => row.email) as string[];
      const links = (
        await Promise.all([...new Set(addresses)].map((address) => service.emailsTo(address, 1)))
      )
        .flat()
        .map(resetLink);
      expect(links.length).to.be.greaterThan(0);
      const secrets = links.map((link) => new URL(link).searchParams.get('code')!);
      const events = JSON.stringify(await service.dataSource.query('SELECT payload FROM events'));
      for (const secret of secrets) {
        expect(service.logs.text).to.not.contain(secret);
        expect(events).to.not.contain(secret);
      }
      expect(service.logs.text).to.not.contain(NEW_PASSWORD);
    });
  },
  async () => ({
    ...(await publicUrlEnv()),
    TRUST_PROXY_HOPS: '1',
    KAFKA_BROKERS: '',
    REDIS_URL: '',
  }),
);
