import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../../../../shared/config/config.js';
import { OWN_LOOK, type Brand } from './branding.js';

/** The languages the sign-in pages speak. */
export type Language = 'en' | 'de';

/** The best of ours by the browser's `Accept-Language` (its q-values), English when none fits. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...parameters] = entry.trim().toLowerCase().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0], quality: q === undefined ? 1 : Number(q) };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return ranked.find((entry) => entry.primary === 'en' || entry.primary === 'de')?.primary === 'de'
    ? 'de'
    : 'en';
}

/** HTML that is safe to insert as it is: made by `html`, whose values are escaped. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escaped(value: unknown): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(escaped).join('');
  if (value === null || value === undefined || value === false) return '';
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A template of trusted markup whose values are escaped (SafeHtml and arrays of it kept). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, i) => out + escaped(values[i - 1]) + part));
}

/** The service's own name, which a label policy may hide. */
export const SERVICE_NAME = 'Identity';

/**
 * A whole HTML page in the profile page's look, in the label policy's colours and with its logo
 * (`brand`); `body` is trusted HTML built with `html`.
 */
export function renderPage(
  language: Language,
  title: string,
  body: SafeHtml,
  brand: Brand = OWN_LOOK,
): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="stylesheet" href="/ui/profile/profile.css" />
        ${brand.stylesheet && html`<link rel="stylesheet" href="${brand.stylesheet}" />`}
      </head>
      <body>
        <main>
          ${
            (brand.logo || !brand.hideServiceName) &&
            html`<header class="brand">
              ${brand.logo && html`<img class="logo" src="${brand.logo}" alt="" />`}
              ${!brand.hideServiceName && html`<span class="service-name">${SERVICE_NAME}</span>`}
            </header>`
          }
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.text;
}

/**
 * What a link's pages say when the link no longer works: the offer of a new one by email, and
 * the answers to that request. The activation and the passkey registration pages say it alike.
 */
export interface NewLinkWords {
  goneTitle: string;
  gone: string;
  login: string;
  send: string;
  sentTitle: string;
  sent: string;
  limitedTitle: string;
  limited: string;
  expiredFormTitle: string;
  expiredForm: string;
}

/**
 * What sends the pages a link from an email or an import opens, in the browser's language: the
 * address holds a code, so no page of it is kept (`no-store`; the pages' headers say
 * `no-referrer` too, so no link on it tells another site).
 */
export function linkPages<Words>(words: Record<Language, Words>) {
  return (
    request: Request,
    response: Response,
    status: number,
    page: (w: Words) => [title: string, body: SafeHtml],
    brand?: Brand,
  ): void => {
    const language = languageOf(request.get('accept-language'));
    const [title, body] = page(words[language]);
    response.set('cache-control', 'no-store');
    response
      .status(status)
      .type('html')
      .send(renderPage(language, title, body, brand));
  };
}

/** A form's CSRF token: bound to a random cookie of the browser's, checked on every POST. */
export interface Csrf {
  /** The token to put in the form's `_csrf` field; sets the cookie when the browser has none. */
  token(request: Request, response: Response): string;
  /** Whether the posted `_csrf` belongs to the browser's cookie. */
  verify(request: Request): boolean;
}

const CSRF_COOKIE = 'sign_in_csrf';

/**
 * CSRF tokens as an HMAC of a random cookie (HttpOnly, SameSite=Lax, Secure under https) under a
 * key derived from the secret key, so another site can neither read nor forge one.
 */
export function csrf(config: Config): Csrf {
  const key = Buffer.from(
    hkdfSync('sha256', config.secretsEncryptionKey!, '', 'identity sign-in csrf', 32),
  );
  const secure = config.publicUrl.startsWith('https:');
  const tokenOf = (cookie: string) => createHmac('sha256', key).update(cookie).digest('base64url');
  return {
    token(request, response) {
      let cookie = cookieOf(request, CSRF_COOKIE);
      if (!cookie) {
        cookie = randomBytes(24).toString('base64url');
        response.cookie(CSRF_COOKIE, cookie, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
        });
      }
      return tokenOf(cookie);
    },
    verify(request) {
      const cookie = cookieOf(request, CSRF_COOKIE);
      const posted = (request.body as Record<string, unknown> | undefined)?._csrf;
      if (!cookie || typeof posted !== 'string') return false;
      const expected = Buffer.from(tokenOf(cookie));
      const given = Buffer.from(posted);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** One cookie of the request's `Cookie` header. */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name)
      return decodeURIComponent(pair.slice(at + 1).trim());
  }
  return undefined;
}
