import { expect } from 'chai';
import { administeredPeople, storedPasskey } from '../support/administered-people.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildIdp } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { pollUntil } from '../support/poll.js';
import { publicUrlEnv, REDIRECT_URI } from '../support/relying-party.js';
import { parseMessage } from '../support/mime-message.js';
import { pageError, SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';

const PASSWORD = 'Changes-keeper-1!';
/** A payload as either database's driver answers a JSON column: parsed, or as text. */
const payloadOf = (payload: unknown) =>
  typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload;
const OTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describeOnEachDatabase(
  'An administrator’s changes of a person',
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const { person, signIn, manage: change } = people;
    const signedIn = (page: SignInPage) => page.url.startsWith(REDIRECT_URI);

    const row = async (userId: string) =>
      (await service.dataSource.query('SELECT * FROM users WHERE id = ?', [userId]))[0];
    const readModel = (userId: string) =>
      service.dataSource
        .query('SELECT * FROM user_read_models WHERE id = ?', [userId])
        .then((rows: Record<string, unknown>[]) => rows[0]);
    const types = async (userId: string) =>
      (await service.events(userId)).map((event) => event.type);

    it('UpdateHumanProfile replaces the profile; the same profile again records nothing', async () => {
      const { userId } = await person();
      const profile = { firstName: ' Ada ', lastName: 'Lovelace', preferredLanguage: 'de-ch' };
      const changed = await change('PUT', `/${userId}/profile`, profile);
      expect(changed.status, changed.text).to.equal(200);
      expect(await row(userId)).to.include({
        first_name: ' Ada ',
        display_name: ' Ada  Lovelace',
        preferred_language: 'de-CH',
        nick_name: null,
      });
      const again = await change('PUT', `/${userId}/profile`, profile);
      expect(again.body.details.sequence).to.equal(changed.body.details.sequence);
      expect(
        (await types(userId)).filter((type) => type === 'user.human.profile.changed'),
      ).to.have.length(1);
      await pollUntil(
        () => readModel(userId),
        (read) => read?.preferred_language === 'de-CH',
      );
    });

    it('UpdateHumanPhone stores E.164 and its verification; RemoveHumanPhone takes it', async () => {
      const { userId } = await person();
      const set = await change('PUT', `/${userId}/phone`, {
        phone: 'tel:+41 79 123 45 67',
        isPhoneVerified: true,
      });
      expect(set.status, set.text).to.equal(200);
      expect(await row(userId)).to.include({ phone: '+41791234567' });
      expect(Boolean(Number((await row(userId)).phone_verified))).to.equal(true);
      expect((await types(userId)).slice(-2)).to.deep.equal([
        'user.human.phone.changed',
        'user.human.phone.verified',
      ]);
      await pollUntil(
        () => readModel(userId),
        (read) => read?.phone === '+41791234567' && Boolean(Number(read?.phone_verified)),
      );
      expect((await change('DELETE', `/${userId}/phone`)).status).to.equal(200);
      expect((await row(userId)).phone).to.equal(null);
      const gone = await change('DELETE', `/${userId}/phone`);
      expect(gone.status).to.equal(404);
      expect(gone.body.details.at(-1).id).to.equal('USER-PHONE-NOT-FOUND');
      await pollUntil(
        () => readModel(userId),
        (read) => read?.phone === null,
      );
    });

    it('SetHumanPassword: the new password signs in and must be changed; a foreign hash signs in', async () => {
      const { userId, userName } = await person();
      const NEW = 'Another-keeper-2!';
      const weak = await change('POST', `/${userId}/password`, { password: 'short' });
      expect(weak.status).to.equal(400);
      expect(weak.body.details.at(-1).id).to.equal('REQUEST-INVALID');
      expect((await change('POST', `/${userId}/password`, { password: NEW })).status).to.equal(200);
      expect(signedIn(await signIn(userName, PASSWORD))).to.equal(false);
      const asked = await signIn(userName, NEW);
      expect(asked.html, 'the new-password step').to.contain('name="newPassword"');

      const [vector] = FOREIGN_VECTORS;
      const hashed = await change('POST', `/${userId}/password`, {
        hashedPassword: { value: vector!.encoded },
        noChangeRequired: true,
      });
      expect(hashed.status, hashed.text).to.equal(200);
      expect(signedIn(await signIn(userName, vector!.password))).to.equal(true);
      const set = (await service.events(userId)).filter(
        (event) => event.type === 'user.human.password.set',
      );
      expect(set.map((event) => payloadOf(event.payload))).to.deep.equal([
        { changeRequired: false, imported: false },
        { changeRequired: true, imported: false },
        { changeRequired: false, imported: true },
      ]);
    });

    it('RemoveHumanAuthFactorOTP: the password alone signs in afterwards', async () => {
      const { userId, userName } = await person({ otpCode: OTP_SECRET });
      const asked = await signIn(userName, PASSWORD);
      expect(signedIn(asked), pageError(asked)).to.equal(false);
      expect(asked.html).to.contain('name="code"');
      const removed = await change('DELETE', `/${userId}/auth_factors/otp`);
      expect(removed.status, removed.text).to.equal(200);
      expect((await row(userId)).otp_secret_encrypted).to.equal(null);
      expect(signedIn(await signIn(userName, PASSWORD))).to.equal(true);
      const again = await change('DELETE', `/${userId}/auth_factors/otp`);
      expect(again.body.details.at(-1).id).to.equal('USER-OTP-NOT-FOUND');
      await pollUntil(
        () => readModel(userId),
        (read) => read !== undefined && !Number(read.has_otp),
      );
    });

    it('RemoveHumanPasswordless removes the person’s passkey, and not another’s', async () => {
      const { userId } = await person();
      const other = await person();
      const passkey = (ownerId: string) => storedPasskey(service, ownerId);
      const mine = await passkey(userId);
      const theirs = await passkey(other.userId);
      const refused = await change('DELETE', `/${userId}/passwordless/${theirs.id}`);
      expect(refused.status).to.equal(404);
      expect(await service.count('passkeys', 'id = ?', [theirs.id])).to.equal(1);
      const removed = await change('DELETE', `/${userId}/passwordless/${mine.id}`);
      expect(removed.status, removed.text).to.equal(200);
      expect(await service.count('passkeys', 'id = ?', [mine.id])).to.equal(0);
      expect((await types(userId)).at(-1)).to.equal('user.human.passkey.removed');
    });

    it('AddUserIDPLink links an identity at a provider, RemoveUserIDPLink unlinks it; the reads follow', async () => {
      const { userId } = await person();
      const { idpId } = await buildIdp(service, { orgId: people.owner.orgId });
      const linked = await change('POST', `/${userId}/idps`, {
        idpId,
        providedUserId: 'google-ada-1',
        providedUserName: 'ada@gmail.example',
      });
      expect(linked.status, linked.text).to.equal(200);
      const links = async () =>
        (await change('POST', `/${userId}/idps/_search`, {})).body.result as {
          idpId: string;
          providedUserId: string;
        }[];
      const shown = (await links()).map((link) => [link.idpId, link.providedUserId]);
      expect(shown).to.deep.equal([[idpId, 'google-ada-1']]);
      const idpLinksRead = async () => {
        const raw = (await readModel(userId))?.idp_links;
        return (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[] | undefined;
      };
      await pollUntil(idpLinksRead, (read) => read?.length === 1);
      const other = await person();
      const taken = await change('POST', `/${other.userId}/idps`, {
        idpId,
        providedUserId: 'google-ada-1',
      });
      expect(taken.status).to.equal(409);
      expect(taken.body.details.at(-1).id).to.equal('USER-IDP-LINK-ALREADY-EXISTS');

      const unlinked = await change('DELETE', `/${userId}/idps/${idpId}/google-ada-1`);
      expect(unlinked.status, unlinked.text).to.equal(200);
      expect(await links()).to.deep.equal([]);
      expect(await service.count('user_idp_links', 'user_id = ?', [userId])).to.equal(0);
      await pollUntil(idpLinksRead, (read) => read?.length === 0);
      expect((await types(userId)).slice(-2)).to.deep.equal([
        'user.idp.link.added',
        'user.idp.link.removed',
      ]);
    });

    it('UpdateHumanEmail: verified as given, or by the link emailed to the new address, once', async () => {
      const { userId } = await person();
      const given = await change('PUT', `/${userId}/email`, {
        email: 'given@zoo.example',
        isEmailVerified: true,
      });
      expect(given.status, given.text).to.equal(200);
      expect(await row(userId)).to.include({ email: 'given@zoo.example' });
      expect(Boolean(Number((await row(userId)).email_verified))).to.equal(true);
      expect((await types(userId)).slice(-2)).to.deep.equal([
        'user.human.email.changed',
        'user.human.email.verified',
      ]);

      const address = `${userId.slice(-8)}@new.example`;
      const changed = await change('PUT', `/${userId}/email`, { email: address });
      expect(changed.status, changed.text).to.equal(200);
      expect(Boolean(Number((await row(userId)).email_verified))).to.equal(false);
      await pollUntil(
        () => readModel(userId),
        (read) => read?.email === address && !Number(read?.email_verified),
      );
      const [message] = await service.emailsTo(address, 1);
      const text = parseMessage(message!)
        .parts.map((part) => part.body)
        .join('\n');
      const link = /https?:\/\/\S+\/ui\/login\/email\/verify\?userID=[0-9a-f-]+&code=[\w-]+/.exec(
        text,
      )?.[0];
      expect(link, 'the email has a verification link').to.be.a('string');
      const browser = new SignInBrowser(service.config.publicUrl);
      const page = await browser.open(link!);
      expect(page.status, page.html).to.equal(200);
      // Opening the link verifies nothing: a mail scanner follows links too.
      expect(Boolean(Number((await row(userId)).email_verified))).to.equal(false);
      const params = new URL(link!).searchParams;
      const fields = { userID: params.get('userID')!, code: params.get('code')! };
      const done = await browser.submit(page, fields);
      expect(done.status, done.html).to.equal(200);
      expect(Boolean(Number((await row(userId)).email_verified))).to.equal(true);
      expect((await types(userId)).at(-1)).to.equal('user.human.email.verified');
      const again = await browser.open(link!);
      expect(again.status).to.equal(400);
      expect(again.html).to.contain('This link no longer works');
      await pollUntil(
        () => readModel(userId),
        (read) => Boolean(Number(read?.email_verified)),
      );
    });

    it('ResendHumanInitialization: the worker makes a new code for a person not yet initialized', async () => {
      const { userId } = await person({
        email: { email: 'new@example.com' },
        password: undefined,
      });
      await pollUntil(
        () => types(userId),
        (seen) => seen.includes('user.human.init.code.added'),
      );
      const resent = await change('POST', `/${userId}/_resend_initialization`, {});
      expect(resent.status, resent.text).to.equal(200);
      await pollUntil(
        () => types(userId),
        (seen) => seen.filter((type) => type === 'user.human.init.code.added').length === 2,
      );
      const { userId: initialized } = await person();
      const refused = await change('POST', `/${initialized}/_resend_initialization`, {});
      expect(refused.status).to.equal(400);
      expect(refused.body.details.at(-1).id).to.equal('USER-INITIALIZATION-NOT-DUE');
    });
  },
  publicUrlEnv,
);
