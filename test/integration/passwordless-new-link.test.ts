import { expect } from 'chai';
import { UserCode } from '../../shared/db/entities/index.js';
import { CookieJar } from '../support/cookie-jar.js';
import { describeDelivering } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { localhostUrlEnv } from '../support/relying-party.js';

describeDelivering(
  'a new passwordless registration link, asked for on the page of a used one',
  function (service, smtp) {
    it('emails a working link, with its code stored only as a hash and its event', async () => {
      const { token } = await buildOwner(service);
      const imported = await service.importUser(
        {
          userName: 'again.key',
          profile: { firstName: 'Agnes', lastName: 'Key', preferredLanguage: 'de-CH' },
          email: { email: 'agnes@example.com', isEmailVerified: true },
          requestPasswordlessRegistration: true,
        },
        { token },
      );
      const first = new URL(imported.body.passwordlessRegistration.link as string);
      await service.dataSource.query('UPDATE user_codes SET used_at = ? WHERE id = ?', [
        new Date(),
        first.searchParams.get('codeID'),
      ]);
      const jar = new CookieJar();
      const gone = await jar.fetch(first.href);
      expect(gone.status).to.equal(410);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await gone.text())![1]!;
      const asked = await jar.fetch(`${service.config.publicUrl}/ui/login/passwordless/resend`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, login: 'again.key' }).toString(),
      });
      expect(asked.status).to.equal(200);
      expect(await asked.text()).to.contain('a new link is on its way');

      const [mail] = await pollUntil(
        async () => smtp().to('agnes@example.com'),
        (mails) => mails.some((m) => m.raw.includes('Passkey registrieren')),
        30_000,
        50,
      ).then((mails) => mails.filter((m) => m.raw.includes('Passkey registrieren')));
      const href = /href="([^"]+passwordless\/init[^"]+)"/
        .exec(mail!.raw)![1]!
        .replaceAll('&amp;', '&');
      const link = new URL(href.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      expect(link.searchParams.get('userID')).to.equal(imported.body.userId);
      const codeId = link.searchParams.get('codeID')!;
      const stored = await service.dataSource
        .getRepository(UserCode)
        .findOneByOrFail({ id: codeId });
      expect(stored.kind).to.equal('passwordless_registration');
      expect(stored.codeHash.toString('utf8')).not.to.contain(link.searchParams.get('code'));
      expect((await jar.fetch(link.href)).status, 'the new link works').to.equal(200);
      const types = (await service.events(imported.body.userId)).map((event) => event.type);
      expect(types).to.include.members([
        'user.human.passwordless.code.requested',
        'user.human.passwordless.code.added',
      ]);
    });
  },
  localhostUrlEnv,
);
