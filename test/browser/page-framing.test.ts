import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, policyViolations } from '../support/browser.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { TestService } from '../support/test-service.js';

/**
 * Clickjacking: a site of another origin puts a page of ours in a frame. Chromium must refuse
 * every page for people, and still frame what is no page (the control that the frame works).
 */
describe('the pages framed by another origin, in headless Chromium', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let violations: string[];
  /** The other origin: a page that frames `?src=`. */
  let framer: Server;
  let framerUrl: string;

  before(async () => {
    browser = await launchChromium();
    // The service on 127.0.0.1, the framing site on localhost: two origins.
    service = await TestService.start({ ...(await publicUrlEnv()), DATABASE_URL: '' });
    framer = createServer((request, response) => {
      const src = new URL(request.url!, 'http://localhost').searchParams.get('src') ?? '';
      response.setHeader('content-type', 'text/html');
      response.end(
        `<!doctype html><iframe id="framed" src="${src.replace(/"/g, '&quot;')}"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://localhost:${(framer.address() as AddressInfo).port}/`;
    page = await browser.newPage();
    violations = policyViolations(page);
  });
  after(async () => {
    await browser?.close();
    framer?.close();
    await service?.close();
  });

  /** What the frame shows once `src` is framed: its address and its text. */
  async function framed(src: string): Promise<{ url: string; text: string }> {
    await page.goto(`${framerUrl}?src=${encodeURIComponent(src)}`);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    await frame.waitForLoadState();
    return { url: frame.url(), text: await frame.locator('body').innerText() };
  }

  it('frames what is no page, so the frame itself works', async () => {
    const shown = await framed(`${service.api.url}/healthz`);
    expect(shown.url).to.equal(`${service.api.url}/healthz`);
    expect(shown.text).to.contain('alive');
  });

  it('refuses to be framed: sign-in, activation, passkey registration, sign-out, profile, API', async () => {
    const client = await relyingParty(service);
    const pages = {
      'sign-in': (await authorization(client)).url,
      activation: `${service.api.url}/ui/login/init?userID=x&code=y`,
      'email verification': `${service.api.url}/ui/login/email/verify?userID=x&code=y`,
      'forgot password': `${service.api.url}/ui/login/password/forgot`,
      'password reset': `${service.api.url}/ui/login/password/reset?userID=x&code=y`,
      'passkey registration': `${service.api.url}/ui/login/passwordless/init?userID=a&orgID=b&codeID=c&code=d`,
      'sign-out': `${service.api.url}/oidc/session/end`,
      profile: `${service.api.url}/ui/profile`,
      API: `${service.api.url}/ui/api`,
    };
    for (const [name, url] of Object.entries(pages)) {
      violations.splice(0);
      const shown = await framed(url);
      expect(shown.url, name).to.not.match(/^http/);
      expect(shown.text, name).to.not.match(/Sign in|Password|Activate|passkey|Profile|API/i);
      expect(violations.join('\n'), name).to.match(/frame-ancestors 'none'/);
    }
  });
});
