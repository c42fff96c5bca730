import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Passkey } from '../../shared/db/entities/index.js';
import { Passkeys } from '../../services/api/accounts/passkeys/passkeys.js';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import {
  browserAssertion,
  browserRegistration,
  registerPasskey,
} from '../support/passkey-browser.js';
import { localhostUrlEnv } from '../support/relying-party.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

/** The id of the ServiceError a promise is refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { id?: string }).id ?? String(error);
  }
  throw new Error('not refused');
}

describeOnEachDatabase(
  'passkeys (the domain, with a virtual authenticator in Chromium)',
  (service) => {
    let browser: Browser;
    const csp = forbidPolicyViolations();
    let context: BrowserContext;
    let page: Page;
    let authenticator: VirtualAuthenticator;
    let passkeys: Passkeys;
    let userId: string;

    before(async function () {
      this.timeout(600_000);
      browser = await launchChromium();
      context = await browser.newContext();
      page = await context.newPage();
      csp.watch(context);
      authenticator = await VirtualAuthenticator.attach(context, page);
      await page.goto(`${service.config.publicUrl}/ui/profile`);
      passkeys = new Passkeys(service.config, service.dataSource);
      userId = (await buildOwner(service)).userId;
    });
    after(async () => browser?.close());

    const signCount = async (id: string) =>
      (await service.dataSource.getRepository(Passkey).findOneByOrFail({ id })).signCount;
    /** The payloads of the user's events of a type, oldest first (JSON text on SQLite). */
    const events = async (type: string) =>
      (
        (await service.dataSource.query(
          'SELECT payload FROM events WHERE aggregate_id = ? AND type = ? ORDER BY position',
          [userId, type],
        )) as { payload: string | object }[]
      ).map(
        ({ payload }) => (typeof payload === 'string' ? JSON.parse(payload) : payload) as object,
      );
    const signIn = async () => {
      const { ceremonyId, options } = await passkeys.startSignIn();
      return passkeys.finishSignIn(ceremonyId, await browserAssertion(page, options), 'test');
    };

    it('registers a passkey, stored with its counter and listed without key material', async () => {
      const added = await registerPasskey(page, passkeys, userId, 'Laptop');
      expect(added.name).to.equal('Laptop');
      const [listed] = await passkeys.list(userId);
      expect(listed).to.deep.equal(added);
      // No key material; no lastUsedAt until it has signed in.
      expect(Object.keys(listed!).sort()).to.deep.equal(
        ['backedUp', 'createdAt', 'id', 'name'].sort(),
      );
      const row = await service.dataSource.getRepository(Passkey).findOneByOrFail({ id: added.id });
      expect(row.publicKey.length, 'a COSE public key').to.be.greaterThan(30);
      expect(JSON.parse(row.transports)).to.include('internal');
      const [event] = await events('user.human.passkey.added');
      expect(event).to.deep.equal({
        passkeyId: added.id,
        name: 'Laptop',
        via: 'profile',
      });
    });

    it('signs in with it; the counter rises and the sign-in is recorded', async () => {
      const [passkey] = await passkeys.list(userId);
      const before = await signCount(passkey!.id);
      expect(await signIn()).to.deep.equal({ userId, passkeyId: passkey!.id });
      expect(await signCount(passkey!.id)).to.be.greaterThan(before);
      const succeeded = await events('user.human.signin.succeeded');
      expect(succeeded.at(-1)).to.deep.equal({
        clientId: 'test',
        methods: ['passkey'],
      });
      const [listed] = await passkeys.list(userId);
      expect(listed!.lastUsedAt).to.be.instanceOf(Date);
    });

    it('refuses an assertion given twice, and one for another ceremony', async () => {
      const { ceremonyId, options } = await passkeys.startSignIn();
      const assertion = await browserAssertion(page, options);
      await passkeys.finishSignIn(ceremonyId, assertion, 'test');
      expect(await refusal(passkeys.finishSignIn(ceremonyId, assertion, 'test'))).to.equal(
        'PASSKEY-CEREMONY-EXPIRED',
      );
      const other = await passkeys.startSignIn();
      expect(await refusal(passkeys.finishSignIn(other.ceremonyId, assertion, 'test'))).to.equal(
        'PASSKEY-VERIFICATION-FAILED',
      );
    });

    it('refuses a clone at an older sign count and records it', async () => {
      const [copy] = await authenticator.credentials();
      await signIn();
      await authenticator.replace(copy!);
      expect(await refusal(signIn())).to.equal('PASSKEY-SIGN-COUNT-REGRESSED');
      const [passkey] = await passkeys.list(userId);
      const failed = await events('user.human.signin.failed');
      expect(failed.at(-1)).to.deep.equal({
        clientId: 'test',
        reason: 'passkey-sign-count',
        passkeyId: passkey!.id,
      });
    });

    it('refuses garbage, an expired ceremony and a bad name, storing nothing', async () => {
      const start = await passkeys.startRegistration(userId);
      for (const garbage of [null, 'x', 42, {}, { id: 'a', response: { attestationObject: 'AA' } }])
        expect(
          await refusal(passkeys.finishRegistration(userId, start.ceremonyId, garbage)),
        ).to.be.oneOf(['PASSKEY-VERIFICATION-FAILED', 'PASSKEY-CEREMONY-EXPIRED']);
      const late = await passkeys.startRegistration(userId);
      await service.dataSource.query('UPDATE passkey_ceremonies SET expires_at = 1 WHERE id = ?', [
        late.ceremonyId,
      ]);
      expect(await refusal(passkeys.finishRegistration(userId, late.ceremonyId, {}))).to.equal(
        'PASSKEY-CEREMONY-EXPIRED',
      );
      const [passkey] = await passkeys.list(userId);
      expect(await refusal(passkeys.rename(userId, passkey!.id, ' '))).to.equal('REQUEST-INVALID');
      expect(await refusal(passkeys.rename(userId, passkey!.id, 'x'.repeat(101)))).to.equal(
        'REQUEST-INVALID',
      );
      expect(await passkeys.list(userId)).to.have.length(1);
    });

    it('refuses an answer from another origin, for another RP ID, or tampered', async () => {
      type Answer = { id: string; response: Record<string, string> };
      const base64url = (value: string) => Buffer.from(value).toString('base64url');
      const fromOrigin = (answer: Answer, origin: string): Answer => {
        const client = JSON.parse(
          Buffer.from(answer.response.clientDataJSON!, 'base64url').toString(),
        ) as Record<string, string>;
        const clientDataJSON = base64url(JSON.stringify({ ...client, origin }));
        return { ...answer, response: { ...answer.response, clientDataJSON } };
      };
      // First, while this authenticator holds one credential of the site's: its signature.
      const signIn = await passkeys.startSignIn();
      const asserted = (await browserAssertion(page, signIn.options)) as Answer;
      const signature = Buffer.from(asserted.response.signature!, 'base64url');
      signature[signature.length - 1]! ^= 0x01;
      const tampered = {
        ...asserted,
        response: { ...asserted.response, signature: signature.toString('base64url') },
      };
      expect(await refusal(passkeys.finishSignIn(signIn.ceremonyId, tampered, 'test'))).to.equal(
        'PASSKEY-VERIFICATION-FAILED',
      );
      const elsewhere = 'https://elsewhere.example';
      // Another user: this authenticator holds the first one's credential, which it would not
      // make again.
      const other = (await buildOwner(service)).userId;
      const registration = await passkeys.startRegistration(other);
      const created = (await browserRegistration(page, registration.options)) as Answer;
      expect(
        await refusal(
          passkeys.finishRegistration(
            other,
            registration.ceremonyId,
            fromOrigin(created, elsewhere),
          ),
        ),
      ).to.equal('PASSKEY-VERIFICATION-FAILED');
      // The same service but its relying party another domain: the RP ID hash does not match.
      const otherParty = new Passkeys(
        { ...service.config, passkeys: { ...service.config.passkeys, rpId: 'other.example' } },
        service.dataSource,
      );
      const second = await passkeys.startRegistration(other);
      const answer = await browserRegistration(page, second.options);
      expect(
        await refusal(otherParty.finishRegistration(other, second.ceremonyId, answer)),
      ).to.equal('PASSKEY-VERIFICATION-FAILED');

      expect(await passkeys.list(userId)).to.have.length(1);
      expect(await passkeys.list(other)).to.deep.equal([]);
    });

    it('renames and removes; a removed passkey no longer signs in', async () => {
      const [passkey] = await passkeys.list(userId);
      await passkeys.rename(userId, passkey!.id, 'Work laptop');
      expect((await passkeys.list(userId))[0]!.name).to.equal('Work laptop');
      const other = await buildOwner(service);
      expect(await refusal(passkeys.remove(other.userId, passkey!.id))).to.equal(
        'PASSKEY-NOT-FOUND',
      );
      await passkeys.remove(userId, passkey!.id);
      expect(await passkeys.list(userId)).to.deep.equal([]);
      expect(await refusal(signIn())).to.equal('PASSKEY-NOT-RECOGNIZED');
      expect(await events('user.human.passkey.renamed')).to.have.length(1);
      expect(await events('user.human.passkey.removed')).to.have.length(1);
    });
  },
  localhostUrlEnv,
);
