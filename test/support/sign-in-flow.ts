import { expect } from 'chai';
import { CookieJar } from './cookie-jar.js';

/** One page of the sign-in: where it is and what it says. */
export interface SignInPage {
  url: string;
  status: number;
  html: string;
}

/**
 * A person at the sign-in pages, as a browser without scripts: follows redirects within the
 * service (stopping at the first one elsewhere, the client's redirect URI), posts forms with their
 * CSRF token, keeps cookies.
 */
export class SignInBrowser {
  readonly jar = new CookieJar();
  constructor(
    private readonly origin: string,
    private readonly language = 'en',
    /** Sent with every request, as a proxy in front would add them (X-Forwarded-For). */
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Follows redirects from `url` until a page of the service or a URL elsewhere. */
  async open(url: string, init: RequestInit = {}): Promise<SignInPage> {
    let response = await this.jar.fetch(url, this.withLanguage(init));
    let at = url;
    while (response.status >= 300 && response.status < 400) {
      at = new URL(response.headers.get('location')!, at).href;
      if (!at.startsWith(this.origin)) return { url: at, status: response.status, html: '' };
      response = await this.jar.fetch(at, this.withLanguage({}));
    }
    return { url: at, status: response.status, html: await response.text() };
  }

  /** Fills the page's form with `fields` and submits it. */
  async submit(page: SignInPage, fields: Record<string, string>): Promise<SignInPage> {
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.html)?.[1];
    expect(action, `a form on ${page.url}`).to.be.a('string');
    return this.open(new URL(action!, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf ?? '', ...fields }).toString(),
    });
  }

  /** User name, then password: the page after them (or the redirect URI with the code). */
  async signIn(authorizationUrl: string, userName: string, password: string): Promise<SignInPage> {
    const first = await this.open(authorizationUrl);
    const second = await this.submit(first, { userName });
    return this.submit(second, { password });
  }

  private withLanguage(init: RequestInit): RequestInit {
    const headers = new Headers(init.headers);
    headers.set('accept-language', this.language);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    return { ...init, headers };
  }
}

/** The error a sign-in page shows. */
export function pageError(page: SignInPage): string | undefined {
  return /<p class="error" role="alert">([^<]*)<\/p>/.exec(page.html)?.[1];
}
