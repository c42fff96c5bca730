import { expect } from 'chai';
import { User } from '../../shared/db/entities/index.js';
import { matchesPasswordHash } from '../../services/api/credentials/password-hash.js';
import { describeDelivering, describeWithService } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import type { TestService } from '../support/test-service.js';

const PASSWORD = 'N3w-secret!';

/** A browser, as far as the pages need one: cookies kept, forms posted. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  async open(url: string, form?: Record<string, string>, language = 'en') {
    const target = new URL(url, this.origin);
    const response = await fetch(`${this.origin}${target.pathname}${target.search}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        'accept-language': language,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form && new URLSearchParams(form).toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, page: await response.text(), headers: response.headers };
  }
}

/** The hidden fields of the page's form, by name. */
function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g))
    fields[name!] = value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(+code));
  return fields;
}

/** The activation link of an email (quoted-printable undone where the message uses it). */
function activationLink(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /http:\/\/id\.test(\/ui\/login\/init\?userID=[0-9a-f-]+&code=[\w-]+)/.exec(
    text,
  )?.[1];
  expect(link, 'an activation link').to.be.a('string');
  return link!;
}

/**
 * The whole activation, as a person goes through it: the email's link, the form, the password,
 * the same link again, and the offer of a new email. `mailsTo` reads what the worker sent.
 */
function activation(
  service: TestService,
  mailsTo: (address: string, count: number) => Promise<string[]>,
) {
  let owner: { token: string };
  before(async () => {
    owner = await buildOwner(service);
  });

  const importUnverified = async (userName: string) => {
    const response = await service.importUser(
      {
        userName,
        profile: { firstName: 'Ada', lastName: 'Activate', preferredLanguage: 'de' },
        email: { email: `${userName}@example.com` },
      },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.userId as string;
  };

  it('sets the password from the email’s link, verifies the email, and refuses the link again', async () => {
    const userId = await importUnverified('activated');
    const [mail] = await mailsTo('activated@example.com', 1);
    const link = activationLink(mail!);
    const browser = new Browser(service.api.url);

    const form = await browser.open(link);
    expect(form.status).to.equal(200);
    expect(form.headers.get('cache-control')).to.equal('no-store');
    expect(form.page).to.contain('name="password"');
    const fields = hiddenFields(form.page);
    expect(fields).to.have.keys('_csrf', 'userID', 'code');

    const forged = await browser.open('/ui/login/init', {
      ...fields,
      _csrf: 'forged',
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(forged.status).to.equal(403);
    const weak = await browser.open('/ui/login/init', {
      ...fields,
      password: 'short',
      confirmation: 'short',
    });
    expect(weak.status).to.equal(400);
    expect(weak.page).to.contain('At least 8 characters');

    const done = await browser.open('/ui/login/init', {
      ...fields,
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(done.status, done.page).to.equal(200);
    expect(done.page).to.contain('Your account is active').and.contain('href="/ui/profile"');
    const user = await service.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    expect(user.emailVerified).to.equal(true);
    expect(await matchesPasswordHash(user.passwordHash!, PASSWORD)).to.equal(true);
    const types = (await service.events(userId)).map((event) => event.type);
    expect(types.slice(-3)).to.deep.equal([
      'user.human.init.code.verified',
      'user.human.password.changed',
      'user.human.email.verified',
    ]);
    const payloads = JSON.stringify((await service.events(userId)).map((event) => event.payload));
    expect(payloads).to.not.contain(PASSWORD).and.not.contain(fields.code);

    const again = await new Browser(service.api.url).open(link, undefined, 'de-CH,de;q=0.9');
    expect(again.status).to.equal(410);
    expect(again.page).to.contain('Dieser Link gilt nicht mehr').and.contain('name="login"');
    const replayed = await browser.open('/ui/login/init', {
      ...fields,
      password: 'An0ther-secret!',
      confirmation: 'An0ther-secret!',
    });
    expect(replayed.status).to.equal(410);
  });

  it('sends a new email from the offer for an account not yet active, and answers alike for anyone', async () => {
    const userId = await importUnverified('resent');
    const [first] = await mailsTo('resent@example.com', 1);
    const browser = new Browser(service.api.url);
    const wrong = await browser.open(`${activationLink(first!)}x`);
    expect(wrong.status).to.equal(410);
    const { _csrf } = hiddenFields(wrong.page);

    const known = await browser.open('/ui/login/init/resend', { _csrf: _csrf!, login: 'RESENT' });
    const unknown = await browser.open('/ui/login/init/resend', {
      _csrf: _csrf!,
      login: 'nobody@example.com',
    });
    expect(known.status).to.equal(200);
    expect(unknown.status).to.equal(200);
    expect(unknown.page).to.equal(known.page);
    const mails = await mailsTo('resent@example.com', 2);
    const second = activationLink(mails.find((mail) => mail !== first)!);
    expect(second).to.not.equal(activationLink(first!));
    expect((await service.events(userId)).map((event) => event.type)).to.include(
      'user.human.init.code.requested',
    );
    expect((await browser.open(second)).status).to.equal(200);
    expect(
      (await browser.open(activationLink(first!))).status,
      'the first link still works',
    ).to.equal(200);
  });

  it('limits the offer’s use per client address', async () => {
    const browser = new Browser(service.api.url);
    const { _csrf } = hiddenFields((await browser.open('/ui/login/init?userID=x&code=y')).page);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await browser.open('/ui/login/init/resend', { _csrf: _csrf!, login: `someone-${i}` }))
          .status,
      );
    expect(statuses).to.include(429);
  });
}

describeWithService(
  'account activation, embedded (.eml files in DATA_DIR/emails)',
  function (service) {
    before(async () => {
      await service.startWorker();
    });
    activation(service, (address, count) => service.emailsTo(address, count));
  },
  { DATABASE_URL: '', KAFKA_BROKERS: '', REDIS_URL: '' },
);

describeDelivering(
  'account activation, distributed (MariaDB, Kafka, Redis, SMTP)',
  function (service, smtp) {
    activation(service, (address, count) => smtp().rawTo(address, count));
  },
);
