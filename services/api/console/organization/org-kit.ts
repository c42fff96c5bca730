import type { Permission } from '../../auth/permissions.js';
import { queryOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import {
  consolePage,
  csrfField,
  messagePage,
  sendPage,
  type ConsoleContext,
  type ConsoleWork,
} from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import { ORG_WORDS, type OrgWords } from './org-words.js';

/** Where the section's pages are. */
export const ORG_PATH = `${CONSOLE_PATH}/organization`;

/** The section's pages, each shown in its sub-navigation to those who may read it. */
const PAGES: { page: keyof OrgWords['pages']; path: string; needs: Permission }[] = [
  { page: 'overview', path: '', needs: 'org.read' },
  { page: 'machines', path: '/machines', needs: 'user.read' },
  { page: 'branding', path: '/branding', needs: 'policy.read' },
  { page: 'idps', path: '/idps', needs: 'idp.read' },
  { page: 'loginPolicy', path: '/login-policy', needs: 'policy.read' },
];

export type OrgPage = (typeof PAGES)[number]['page'];

/** The words of the section in the person's language. */
export const orgWords = (context: ConsoleContext): OrgWords => ORG_WORDS[context.language];

/**
 * A route of the section: only for those who read the organization (`org.read`, the section's
 * entry in the console's navigation); anyone else gets the console's 403 page, as its link is
 * not shown to them either. The operations check their own permissions beyond that.
 */
export const orgRoute =
  (work: ConsoleWork): ConsoleWork =>
  async (context) => {
    if (!context.may('org.read'))
      return messagePage(context, 403, context.words.forbiddenTitle, context.words.forbidden);
    await work(context);
  };

/** A page of the section: its sub-navigation (the current page marked), `body` under `title`. */
export function sendOrgPage(
  context: ConsoleContext,
  status: number,
  title: string,
  current: OrgPage | undefined,
  body: SafeHtml,
): void {
  const words = orgWords(context);
  const shown = PAGES.filter(({ needs }) => context.may(needs));
  const subNav = html`<nav class="sub-nav" aria-label="${words.subNav}">
    <ul>
      ${shown.map(
        (each) =>
          html`<li>
            <a href="${ORG_PATH}${each.path}" ${each.page === current && html`aria-current="page"`}
              >${words.pages[each.page]}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
  sendPage(context, status, consolePage(context, title, html`${subNav} ${body}`, 'organization'));
}

/** What a page after a write says it did (`?done=<key>` of `said`), as a status notice. */
export function doneNotice(context: ConsoleContext, said: Record<string, string>): SafeHtml {
  const { done } = queryOf(context.request, { done: 30 });
  const text = Object.hasOwn(said, done) ? said[done] : undefined;
  return html`${text && html`<p class="notice" role="status">${text}</p>`}`;
}

/** A small form of one button posting to `action` (an item's `…/_verb`). */
export function actionButton(
  context: ConsoleContext,
  action: string,
  label: string,
  kind = '',
  hidden: Record<string, string> = {},
): SafeHtml {
  return html`<form class="inline" method="post" action="${action}">
    ${csrfField(context)}
    ${Object.entries(hidden).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    )}
    <button type="submit" class="${kind}">${label}</button>
  </form>`;
}

/** A labelled checkbox, its description tied to it. */
export function checkbox(
  name: string,
  label: string,
  checked: boolean,
  hint?: string,
  value = '1',
): SafeHtml {
  const id = `check-${name}`;
  return html`<div class="field check${hint ? ' described' : ''}">
    <input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="${value}"
      ${checked && html`checked`}
      ${hint && html`aria-describedby="${id}-hint"`}
    />
    <label for="${id}">${label}</label>
    ${hint && html`<p class="hint" id="${id}-hint">${hint}</p>`}
  </div>`;
}

/** A date as the pages show it: the day, in UTC. */
export function dayOf(date: Date | string): SafeHtml {
  const at = new Date(date);
  return html`<time datetime="${at.toISOString()}">${at.toISOString().slice(0, 10)}</time>`;
}
