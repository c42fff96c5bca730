import { expect } from 'chai';
import { describeWithService } from '../support/databases.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';

/** The headers of a page for people, whatever the page. */
function expectPageHeaders(headers: Headers, name: string): void {
  const policy = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    policy.split(';').map((directive) => {
      const [key = '', ...values] = directive.trim().split(/\s+/);
      return [key, values] as const;
    }),
  );
  expect(directives.get('frame-ancestors'), `${name}: frame-ancestors`).to.deep.equal(["'none'"]);
  expect(directives.get('default-src'), `${name}: default-src`).to.deep.equal(["'none'"]);
  // 'self' only; the provider adds the SHA-256 of its form_post script where it sends one.
  const scripts = directives.get('script-src') ?? [];
  expect(scripts[0], `${name}: script-src`).to.equal("'self'");
  for (const source of scripts.slice(1))
    expect(source, `${name}: script-src, no inline script nor eval`).to.match(/^'sha256-/);
  expect(headers.get('x-frame-options'), `${name}: X-Frame-Options`).to.equal('DENY');
  expect(headers.get('referrer-policy'), `${name}: Referrer-Policy`).to.equal('no-referrer');
  expect(headers.get('x-content-type-options'), `${name}: nosniff`).to.equal('nosniff');
}

describeWithService(
  'The pages’ headers: no framing, own scripts only, no referrer, no store where a form or a code is',
  (service) => {
    const get = (path: string) => fetch(`${service.api.url}${path}`, { redirect: 'manual' });

    it('sends them with every sign-in page, kept by no cache', async () => {
      const client = await relyingParty(service);
      const browser = new SignInBrowser(service.config.publicUrl);
      const first = await browser.open((await authorization(client)).url);
      expect(first.url).to.match(/\/ui\/login\/[\w-]+$/);
      const response = await browser.jar.fetch(first.url);
      expect(response.status).to.equal(200);
      expectPageHeaders(response.headers, 'sign-in');
      expect(response.headers.get('cache-control')).to.equal('no-store');
    });

    it('sends them with the link pages and the provider’s pages, kept by no cache', async () => {
      const pages = {
        activation: '/ui/login/init?userID=x&code=y',
        'email verification': '/ui/login/email/verify?userID=x&code=y',
        'forgot password': '/ui/login/password/forgot',
        'password reset': '/ui/login/password/reset?userID=x&code=y',
        'passkey registration': '/ui/login/passwordless/init?userID=a&orgID=b&codeID=c&code=d',
        'sign-out': '/oidc/session/end',
        'provider error': '/oidc/auth?client_id=nobody',
        profile: '/ui/profile',
      };
      for (const [name, path] of Object.entries(pages)) {
        const response = await get(path);
        expect(response.headers.get('content-type'), name).to.match(/^text\/html/);
        expectPageHeaders(response.headers, name);
        expect(response.headers.get('cache-control'), name).to.equal('no-store');
      }
    });

    it('sends them with the API page, whose Swagger UI may write styles, not scripts', async () => {
      const response = await get('/ui/api');
      expectPageHeaders(response.headers, 'API');
      expect(response.headers.get('content-security-policy')).to.contain(
        "style-src 'self' 'unsafe-inline'",
      );
    });

    it('asks for no https here, under an http PUBLIC_URL', async () => {
      const response = await get('/ui/profile');
      expect(response.headers.get('strict-transport-security')).to.equal(null);
      expect(response.headers.get('content-security-policy')).not.to.contain(
        'upgrade-insecure-requests',
      );
    });
  },
  publicUrlEnv,
);

describeWithService(
  'The pages’ headers under an https PUBLIC_URL',
  (service) => {
    it('ask for https only: HSTS, and subresources upgraded', async () => {
      const response = await fetch(`${service.api.url}/ui/profile`);
      expectPageHeaders(response.headers, 'profile');
      expect(response.headers.get('strict-transport-security')).to.equal('max-age=31536000');
      expect(response.headers.get('content-security-policy')).to.contain(
        'upgrade-insecure-requests',
      );
    });
  },
  { PUBLIC_URL: 'https://id.test' },
);
