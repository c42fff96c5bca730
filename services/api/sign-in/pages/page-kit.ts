// STAND-IN: replaced by signin at merge
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../../../../shared/config/config.js';

export type Language = 'en' | 'de';

export function languageOf(acceptLanguage: string | undefined): Language {
  return /^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en';
}

export class SafeHtml {
  constructor(readonly text: string) {}
}

const escaped = (value: unknown): string =>
  value instanceof SafeHtml
    ? value.text
    : Array.isArray(value)
      ? value.map(escaped).join('')
      : String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, i) => out + escaped(values[i - 1]) + part));
}

export function renderPage(language: Language, title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
        <link rel="stylesheet" href="/ui/profile/profile.css" />
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.text;
}

export interface Csrf {
  token(request: Request, response: Response): string;
  verify(request: Request): boolean;
}

/** The posted `_csrf` must equal the browser's cookie (double submit). */
export function csrf(_config: Config): Csrf {
  const cookieOf = (request: Request) =>
    /(?:^|;\s*)sign_in_csrf=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
  return {
    token(request, response) {
      const token = cookieOf(request) ?? randomBytes(24).toString('base64url');
      response.cookie('sign_in_csrf', token, { httpOnly: true, sameSite: 'lax', path: '/' });
      return token;
    },
    verify(request) {
      const [cookie, posted] = [cookieOf(request), (request.body as { _csrf?: unknown })?._csrf];
      if (!cookie || typeof posted !== 'string' || posted.length !== cookie.length) return false;
      return timingSafeEqual(Buffer.from(cookie), Buffer.from(posted));
    },
  };
}
