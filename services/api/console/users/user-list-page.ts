import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { queryOf } from '../../login/kit/forms.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import type { ListUsersRequest } from '../../operations/list-users/list-users.request.js';
import type { UserView } from '../../queries/user-views.js';
import { consolePage, sendPage, type ConsoleContext } from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import { afterOf } from '../console-writes.js';
import {
  PAGE_ROWS,
  pageAskedOf,
  pageHref,
  pagerNav,
  pageQuery,
  type PageAsked,
} from '../console-pager.js';
import { USER_WORDS, type UserWords } from './user-words.js';

/** Users on one page of the list. */
export const USERS_PER_PAGE = PAGE_ROWS;

/** The text fields a search may start with, each ListUsers' query of it. */
const SEARCHES = {
  userName: (text: string) => ({ userNameQuery: { userName: text, method: STARTS } }),
  displayName: (text: string) => ({ displayNameQuery: { displayName: text, method: STARTS } }),
  email: (text: string) => ({ emailQuery: { emailAddress: text, method: STARTS } }),
  lastName: (text: string) => ({ lastNameQuery: { lastName: text, method: STARTS } }),
} as const;
const STARTS = 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' as const;

/** The columns the list sorts by, each ListUsers' sorting column. */
const SORTS = {
  userName: 'USER_FIELD_NAME_USER_NAME',
  name: 'USER_FIELD_NAME_DISPLAY_NAME',
  email: 'USER_FIELD_NAME_EMAIL',
  state: 'USER_FIELD_NAME_STATE',
  type: 'USER_FIELD_NAME_TYPE',
} as const;

const STATES = ['USER_STATE_ACTIVE', 'USER_STATE_INACTIVE', 'USER_STATE_LOCKED'] as const;

/** The kinds of user the list may show alone, each ListUsers' type. */
const TYPES = { human: 'TYPE_HUMAN', machine: 'TYPE_MACHINE' } as const;

type SearchBy = keyof typeof SEARCHES;
type SortBy = keyof typeof SORTS;

/** What the list's address asks: the search, the order, and the page. */
interface ListAsked extends PageAsked {
  q: string;
  by: SearchBy;
  state: string;
  type: '' | keyof typeof TYPES;
  sort: SortBy;
  dir: 'asc' | 'desc';
}

/** The list's address asks, read as declared: whatever is not one of ours is the default. */
function askedOf(context: ConsoleContext): ListAsked {
  const read = queryOf(context.request, {
    q: 200,
    by: 20,
    state: 30,
    type: 10,
    sort: 20,
    dir: 4,
  });
  return {
    q: read.q.trim(),
    by: read.by in SEARCHES ? (read.by as SearchBy) : 'userName',
    state: (STATES as readonly string[]).includes(read.state) ? read.state : '',
    type: read.type === 'human' || read.type === 'machine' ? read.type : '',
    sort: read.sort in SORTS ? (read.sort as SortBy) : 'userName',
    dir: read.dir === 'desc' ? 'desc' : 'asc',
    ...pageAskedOf(context, USERS_PER_PAGE),
  };
}

/** ListUsers' request for what the address asks. */
export function listRequestOf(asked: ListAsked): ListUsersRequest {
  return {
    query: pageQuery(asked, asked.dir === 'asc', USERS_PER_PAGE),
    sortingColumn: SORTS[asked.sort],
    queries: [
      ...(asked.q ? [SEARCHES[asked.by](asked.q)] : []),
      ...(asked.state ? [{ stateQuery: { state: asked.state as (typeof STATES)[number] } }] : []),
      ...(asked.type ? [{ typeQuery: { type: TYPES[asked.type] } }] : []),
    ],
  };
}

/** The list's address for `asked` with `changes` (a new order starts at the first page). */
function listHref(asked: ListAsked, changes: Partial<ListAsked>): string {
  const next = { ...asked, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.by !== 'userName') params.set('by', next.by);
  if (next.state) params.set('state', next.state);
  if (next.type) params.set('type', next.type);
  if (next.sort !== 'userName') params.set('sort', next.sort);
  if (next.dir !== 'asc') params.set('dir', next.dir);
  return pageHref(`${CONSOLE_PATH}/users`, next, params);
}

/**
 * The users' list (ListUsers): a search by the start of a user name, display name, email or last
 * name, a state and a type, sorted by a column either way, USERS_PER_PAGE at a time (the next and
 * the previous page by ListUsers' cursors, the first from the start), each user linked to their page.
 */
export async function userListPage(context: ConsoleContext): Promise<void> {
  const words = USER_WORDS[context.language];
  const asked = askedOf(context);
  const listed = await context.call(listUsersOperation, listRequestOf(asked), afterOf(context));
  const pages = pagerNav(context, listed, asked, (page) => listHref(asked, page), USERS_PER_PAGE);
  const body = html`${
    context.may('user.write') &&
    html`<p class="toolbar">
      <a class="button" href="${CONSOLE_PATH}/users/new">${words.newUser}</a>
      <a class="button secondary" href="${CONSOLE_PATH}/users/import">${words.importCsv}</a>
    </p>`
  }
  ${searchForm(words, asked)}
  ${
    listed.result.length === 0
      ? html`<p role="status">${words.noUsers}</p>`
      : html`${userTable(words, asked, listed.result)} ${pages}`
  }`;
  sendPage(context, 200, consolePage(context, words.title, body, 'users'));
}

function searchForm(words: UserWords, asked: ListAsked): SafeHtml {
  const option = (value: string, label: string, chosen: string) =>
    html`<option value="${value}" ${value === chosen && html`selected`}>${label}</option>`;
  return html`<form class="search" method="get" action="${CONSOLE_PATH}/users" role="search">
    <div class="field">
      <label for="search-by">${words.searchBy}</label>
      <select id="search-by" name="by">
        ${Object.keys(SEARCHES).map((by) => option(by, words.by[by as SearchBy], asked.by))}
      </select>
    </div>
    <div class="field grow">
      <label for="search-text">${words.searchLabel}</label>
      <input id="search-text" name="q" type="search" maxlength="200" value="${asked.q}" />
    </div>
    <div class="field">
      <label for="search-state">${words.state}</label>
      <select id="search-state" name="state">
        ${option('', words.anyState, asked.state)}
        ${STATES.map((state) => option(state, words.states[state]!, asked.state))}
      </select>
    </div>
    <div class="field">
      <label for="search-type">${words.type}</label>
      <select id="search-type" name="type">
        ${option('', words.anyType, asked.type)} ${option('human', words.types.human, asked.type)}
        ${option('machine', words.types.machine, asked.type)}
      </select>
    </div>
    ${asked.sort !== 'userName' && html`<input type="hidden" name="sort" value="${asked.sort}" />`}
    ${asked.dir !== 'asc' && html`<input type="hidden" name="dir" value="${asked.dir}" />`}
    <div class="field"><button type="submit">${words.apply}</button></div>
  </form>`;
}

function userTable(words: UserWords, asked: ListAsked, users: UserView[]): SafeHtml {
  const header = (column: SortBy) => {
    const sorted = asked.sort === column;
    const dir = sorted && asked.dir === 'asc' ? 'desc' : 'asc';
    const label = words.columns[column];
    return html`<th
      scope="col"
      ${sorted && html`aria-sort="${asked.dir === 'asc' ? 'ascending' : 'descending'}"`}
    >
      <a
        href="${listHref(asked, { sort: column, dir, cursor: '', at: 0 })}"
        title="${words.sortBy(label)}, ${dir === 'asc' ? words.ascending : words.descending}"
        >${label}${sorted && (asked.dir === 'asc' ? ' ▲' : ' ▼')}</a
      >
    </th>`;
  };
  return html`<div class="table-wrap">
    <table class="list">
      <thead>
        <tr>
          ${(Object.keys(SORTS) as SortBy[]).map(header)}
        </tr>
      </thead>
      <tbody>
        ${users.map(
          (user) =>
            html`<tr>
              <td>
                <a href="${CONSOLE_PATH}/users/${encodeURIComponent(user.id)}">${user.userName}</a>
              </td>
              <td>${user.human?.profile.displayName ?? user.machine?.name}</td>
              <td>${user.human?.email.email}</td>
              <td>${words.states[user.state] ?? user.state}</td>
              <td>${user.machine ? words.types.machine : words.types.human}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
