import { queryOf } from '../login/kit/forms.js';
import { html, type SafeHtml } from '../login/kit/page-kit.js';
import type { ListDetails } from '../queries/list-query.js';
import type { ConsoleContext } from './console-page.js';

/** Rows on one page of a console list. */
export const PAGE_ROWS = 50;

/**
 * Where a list's page starts, as its address asks: the list's next or previous cursor, and the
 * position of the page's first row (which the cursor does not tell; for "1–50 of 1,000").
 */
export interface PageAsked {
  cursor: string;
  at: number;
}

/**
 * The names of a list's page in the address: `cursor` and `at`; or, where a page holds several
 * lists (a machine user's tokens and keys), the list's own (`tokensCursor`, `tokensAt`).
 */
const namesOf = (list?: string) =>
  list ? { cursor: `${list}Cursor`, at: `${list}At` } : { cursor: 'cursor', at: 'at' };

/** The page the address asks for (`?cursor=…&at=…`): the first, unless both are ours. */
export function pageAskedOf(context: ConsoleContext, rows = PAGE_ROWS, list?: string): PageAsked {
  const names = namesOf(list);
  const read = queryOf(context.request, { [names.cursor]: 2000, [names.at]: 9 });
  const [cursor, atText] = [read[names.cursor] ?? '', read[names.at] ?? ''];
  const at = /^[0-9]{1,8}$/.test(atText) ? Number(atText) : 0;
  return { cursor, at: cursor ? at : at - (at % rows) };
}

/** A list request's `query` for the page asked: by its cursor, else by its position. */
export function pageQuery(asked: PageAsked, asc = true, rows = PAGE_ROWS) {
  return {
    limit: rows,
    asc,
    ...(asked.cursor ? { cursor: asked.cursor } : { offset: asked.at }),
  };
}

/** The most items one list request answers (the API's `query.limit` at most). */
const READ_AT_ONCE = 1000;

/**
 * Every item of a list, for a choice that must offer them all (a select, a form's checkboxes):
 * read a thousand at a time, each read after the last one's cursor.
 */
export async function everyItem<Item>(
  read: (query: {
    limit: number;
    asc: boolean;
    cursor?: string;
  }) => Promise<{ details: ListDetails; result: readonly Item[] }>,
  asc = true,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const listed = await read({ limit: READ_AT_ONCE, asc, ...(cursor && { cursor }) });
    items.push(...listed.result);
    cursor = listed.details.nextCursor;
  } while (cursor);
  return items;
}

/** The address of `path`'s page `page`, after the list's own query parameters (its search). */
export function pageHref(
  path: string,
  page: PageAsked,
  params = new URLSearchParams(),
  list?: string,
): string {
  const query = withPage(params, page, list).toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/** `params` with the list's page in them, where it is not the first. */
function withPage(params: URLSearchParams, page: PageAsked, list?: string): URLSearchParams {
  const names = namesOf(list);
  if (page.cursor) params.set(names.cursor, page.cursor);
  if (page.at > 0) params.set(names.at, String(page.at));
  return params;
}

/**
 * The links between a list's pages: "Previous" by the list's previousCursor (to the first page,
 * asked afresh), "Next" by its nextCursor, and which rows of how many are shown. A page after
 * one by offset has both cursors too, so that every step costs the same at any depth.
 */
export function pagerNav(
  context: ConsoleContext,
  listed: { details: ListDetails; result: readonly unknown[] },
  asked: PageAsked,
  hrefOf: (page: PageAsked) => string,
  rows = PAGE_ROWS,
): SafeHtml {
  const { words } = context;
  const total = Number(listed.details.totalResult);
  const shown = words.page(asked.at + 1, asked.at + listed.result.length, total);
  const before = Math.max(0, asked.at - rows);
  const previous = before > 0 ? (listed.details.previousCursor ?? '') : '';
  return html`<nav class="pages" aria-label="${shown}">
    ${asked.at > 0 && html`<a href="${hrefOf({ cursor: previous, at: before })}">${words.previous}</a>`}
    <span>${listed.result.length > 0 ? shown : ''}</span>
    ${
      listed.details.nextCursor &&
      html`<a href="${hrefOf({ cursor: listed.details.nextCursor, at: asked.at + rows })}"
        >${words.next}</a
      >`
    }
  </nav>`;
}

/**
 * A list of the page at `path` paged by the address: the `query` of its list request, and the
 * links between its pages for what the list answered. Where the page holds several lists, each
 * is named (`list`): its links keep the other lists' pages (`beside`) and lead to its section.
 * Every link keeps the page's `kept` parameters (a filter of its forms).
 */
export function pagedList(
  context: ConsoleContext,
  path: string,
  asc = true,
  lists?: { list: string; beside: readonly string[] },
  kept: Record<string, string> = {},
) {
  const asked = pageAskedOf(context, PAGE_ROWS, lists?.list);
  // The other lists' pages, which every link of this one keeps.
  const besidePages = lists?.beside.map(
    (other) => [other, pageAskedOf(context, PAGE_ROWS, other)] as const,
  );
  const hrefOf = (page: PageAsked) => {
    const params = new URLSearchParams(kept);
    if (!lists) return pageHref(path, page, params);
    for (const [other, shown] of besidePages!) withPage(params, shown, other);
    return `${pageHref(path, page, params, lists.list)}#${lists.list}`;
  };
  return {
    query: pageQuery(asked, asc),
    nav: (listed: { details: ListDetails; result: readonly unknown[] }) =>
      pagerNav(context, listed, asked, hrefOf),
  };
}
