import type { Request, Response } from 'express';
import type { Permission } from '../auth/permissions.js';
import type { Brand } from '../login/kit/branding.js';
import { html, SERVICE_NAME, type Language, type SafeHtml } from '../login/kit/page-kit.js';
import type { Operation } from '../operations/operation.js';
import { CONSOLE_PATH } from './console-session.js';
import type { ConsoleWords } from './console-words.js';

/** The console's sections, each shown to those whose roles read what it shows. */
export type Section = keyof ConsoleWords['sections'];

const SECTIONS: { section: Section; path: string; needs: Permission }[] = [
  { section: 'users', path: 'users', needs: 'user.read' },
  { section: 'projects', path: 'projects', needs: 'project.read' },
  { section: 'organization', path: 'organization', needs: 'org.read' },
  { section: 'activity', path: 'activity', needs: 'event.read' },
  { section: 'orgs', path: 'orgs', needs: 'instance.org.read' },
];

/** A console page's request as its route works with it: who asks, in which organization, how. */
export interface ConsoleContext {
  request: Request;
  response: Response;
  language: Language;
  words: ConsoleWords;
  /**
   * The organization the console works in: the signed-in person's, or the one an instance
   * administrator chose (`workIn`).
   */
  orgId: string;
  /** The signed-in person's own organization. */
  ownOrgId: string;
  /** The name of the organization worked in, for those who may choose another (else absent). */
  orgName?: string;
  /** Makes `orgId` the organization the console works in from the next page on (none: one's own). */
  workIn(orgId: string | undefined): void;
  /**
   * The logo of the label policy the organization's pages show (its own, or the instance
   * default's when it follows it), as the branding routes serve it to anyone: for a form that
   * sets the policy whole and keeps what it shows.
   */
  shownLogo(isDefault: boolean): Promise<Buffer | undefined>;
  /** What the person's roles allow in another organization. */
  permissionsIn(orgId: string): Promise<Pick<ConsoleContext, 'may'>>;
  /** The signed-in person. */
  userId: string;
  name: string;
  /** What the person's roles there allow, as every call is authorized. */
  may(permission: Permission): boolean;
  /** One operation, called as the signed-in person through the API's pipeline. */
  call<R>(
    operation: Operation<never, R>,
    body: unknown,
    options?: { ifMatch?: string; afterSequence?: string },
  ): Promise<R>;
  /** The CSRF token of the page's forms. */
  csrf: string;
  brand: Brand;
}

/** What a console route does with a signed-in person's request. */
export type ConsoleWork = (context: ConsoleContext) => Promise<void>;

/** How a section adds its routes: GET pages and POST forms, each a ConsoleWork. */
export interface ConsoleRouter {
  page(path: string, work: ConsoleWork): void;
  form(path: string, work: ConsoleWork): void;
  /** A form that posts a file (multipart/form-data, read whole up to the import's limit). */
  upload(path: string, work: ConsoleWork): void;
}

/** The first section the person may see: where the console's first page sends them. */
export function firstSection(context: Pick<ConsoleContext, 'may'>): string | undefined {
  const shown = SECTIONS.find(({ needs }) => context.may(needs));
  return shown && `${CONSOLE_PATH}/${shown.path}`;
}

/** The hidden field every console form posts. */
export const csrfField = (context: ConsoleContext) =>
  html`<input type="hidden" name="_csrf" value="${context.csrf}" />`;

/**
 * A whole console page: the brand, the sections the person may see (the current one marked),
 * who is signed in with the sign-out, and `body` under the page's heading. `section` is absent
 * for a page of no section (a failure).
 */
export function consolePage(
  context: ConsoleContext,
  title: string,
  body: SafeHtml,
  section?: Section,
): string {
  const { words, brand } = context;
  const shown = SECTIONS.filter(({ needs }) => context.may(needs));
  return html`<!doctype html>
    <html lang="${context.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${words.console}</title>
        <link rel="stylesheet" href="/ui/profile/profile.css" />
        <link rel="stylesheet" href="${CONSOLE_PATH}/console.css" />
        ${brand.stylesheet && html`<link rel="stylesheet" href="${brand.stylesheet}" />`}
      </head>
      <body class="console">
        <a class="skip" href="#content">${words.skip}</a>
        <header class="console-bar">
          <div class="brand">
            ${brand.logo && html`<img class="logo" src="${brand.logo}" alt="" />`}
            ${!brand.hideServiceName && html`<span class="service-name">${SERVICE_NAME}</span>`}
            <span class="console-name">${words.console}</span>
          </div>
          <nav aria-label="${words.navigation}">
            <ul>
              ${shown.map(
                (each) =>
                  html`<li>
                    <a
                      href="${CONSOLE_PATH}/${each.path}"
                      ${each.section === section && html`aria-current="page"`}
                      >${words.sections[each.section]}</a
                    >
                  </li>`,
              )}
            </ul>
          </nav>
          ${
            context.orgName !== undefined &&
            html`<p class="working-in">
              ${words.workingIn} <a href="${CONSOLE_PATH}/orgs">${context.orgName}</a>
            </p>`
          }
          <form class="who" method="post" action="${CONSOLE_PATH}/sign-out">
            ${csrfField(context)}
            <span>${words.signedInAs} <strong>${context.name}</strong></span>
            <button type="submit" class="secondary">${words.signOut}</button>
          </form>
        </header>
        <main id="content" tabindex="-1">
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.text;
}

/** Answers a console page: HTML, never kept by a cache (it shows what the person may see). */
export function sendPage(context: ConsoleContext, status: number, page: string): void {
  context.response.status(status).set('cache-control', 'no-store').type('html').send(page);
}

/** A page of the console that only says something, with a link onwards. */
export function messagePage(
  context: ConsoleContext,
  status: number,
  title: string,
  said: string,
  link?: { href: string; text: string },
): void {
  sendPage(
    context,
    status,
    consolePage(
      context,
      title,
      html`<p role="alert">${said}</p>
        ${link && html`<p><a href="${link.href}">${link.text}</a></p>`}`,
    ),
  );
}
