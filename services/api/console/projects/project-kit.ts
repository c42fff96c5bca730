import { ServiceError } from '../../../../shared/errors/service-error.js';
import { queryOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { getProjectByIDOperation } from '../../operations/get-project-by-id/get-project-by-id.operation.js';
import type { Operation } from '../../operations/operation.js';
import type { ProjectView } from '../../queries/project-queries.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import type { Violations } from '../console-forms.js';
import { afterOf, afterWrite, violationsByField, type Written } from '../console-writes.js';
import { PROJECT_WORDS, type ProjectWords } from './project-words.js';

/** The project pages' tabs, each the path under the project's address. */
export type Tab = keyof ProjectWords['tabs'];
const TABS: { tab: Tab; path: string }[] = [
  { tab: 'settings', path: '' },
  { tab: 'roles', path: '/roles' },
  { tab: 'apps', path: '/apps' },
  { tab: 'userGrants', path: '/user-grants' },
  { tab: 'projectGrants', path: '/project-grants' },
];

export const projectPath = (id: string) => `${CONSOLE_PATH}/projects/${encodeURIComponent(id)}`;

export const wordsOf = (context: ConsoleContext): ProjectWords => PROJECT_WORDS[context.language];

/** The project the address names (`:id`), as the read model has it after the page's write. */
export async function projectOf(context: ConsoleContext): Promise<ProjectView> {
  const id = String(context.request.params.id);
  const { project } = await context.call(getProjectByIDOperation, { id }, afterOf(context));
  return project;
}

/** What a page after a write says it did (`?done=`), when it is one of the words' `done`. */
export function doneOf(context: ConsoleContext): SafeHtml {
  const { done } = queryOf(context.request, { done: 30 });
  const said = wordsOf(context).done;
  return html`${
    Object.hasOwn(said, done) &&
    html`<p class="notice" role="status">${said[done as keyof typeof said]}</p>`
  }`;
}

/**
 * A page of a project: its name as the heading, its state, the project's tabs (those the person
 * may read: user grants need `user.read`), then `body`.
 */
export function sendProjectPage(
  context: ConsoleContext,
  project: ProjectView,
  tab: Tab,
  body: SafeHtml,
  status = 200,
  title = project.name,
): void {
  const words = wordsOf(context);
  const shown = TABS.filter(({ tab }) => tab !== 'userGrants' || context.may('user.read'));
  const page = html`<p class="state state-${project.state}">
      ${words.states[project.state] ?? project.state}
    </p>
    <nav class="tabs" aria-label="${words.projectNav}">
      <ul>
        ${shown.map(
          (each) =>
            html`<li>
              <a
                href="${projectPath(project.id)}${each.path}"
                ${each.tab === tab && html`aria-current="page"`}
                >${words.tabs[each.tab]}</a
              >
            </li>`,
        )}
      </ul>
    </nav>
    ${doneOf(context)} ${body}`;
  sendPage(context, status, consolePage(context, title, page, 'projects'));
}

/** A small form of one button that posts to `action`. */
export const actionForm = (
  context: ConsoleContext,
  action: string,
  label: string,
  kind = '',
  hidden: SafeHtml = html``,
) =>
  html`<form class="inline" method="post" action="${action}">
    ${csrfField(context)} ${hidden}
    <button type="submit" class="${kind}">${label}</button>
  </form>`;

/**
 * Runs a write and sends the browser to `path` (or the write's answer's) showing it, or, when the API refuses the input
 * (REQUEST-INVALID), answers `again` with the violations by field (`roleKeys[2]` as `roleKeys`).
 */
export async function writeThen(
  context: ConsoleContext,
  write: () => Promise<unknown>,
  path: string | ((written: Written) => string),
  done: keyof ProjectWords['done'] | '',
  again: (violations: Violations) => Promise<void>,
): Promise<void> {
  try {
    const written = (await write()) as Written;
    const to = typeof path === 'string' ? path : path(written);
    context.response.redirect(303, `${afterWrite(to, written, done)}${keptFilter(context)}`);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await again(listFieldsTogether(violationsByField(error)));
  }
}

/** Violations of a list's items (`redirectUris[1]`) under the list's field, beside its input. */
export function listFieldsTogether(violations: Violations): Violations {
  const together: Violations = new Map();
  for (const [field, said] of violations) {
    const key = field.replace(/\[[0-9]+\]$/, '');
    together.set(key, [...(together.get(key) ?? []), ...said]);
  }
  return together;
}

/**
 * The values of a posted field that may repeat (checkboxes), each as posted: the operation judges
 * how many and how long (a grant takes 100 roles of 200 characters), and says so beside the
 * field, rather than a value being left out unsaid. The form's parser bounds how many come.
 */
export function valuesOf(context: ConsoleContext, name: string): string[] {
  const value = (context.request.body as Record<string, unknown> | undefined)?.[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((each): each is string => typeof each === 'string');
}

/** A posted textarea's lines, trimmed, the empty ones left out. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A labelled textarea, with its hint and what the API said of it, as formField's inputs. */
export function textareaField(spec: {
  name: string;
  label: string;
  value: string;
  hint?: string;
  required?: boolean;
  violations?: string[] | undefined;
}): SafeHtml {
  const id = `field-${spec.name}`;
  const invalid = (spec.violations?.length ?? 0) > 0;
  const described = [spec.hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(' ');
  return html`<div class="field${invalid ? ' invalid' : ''}">
    <label for="${id}">${spec.label}</label>
    <textarea
      id="${id}"
      name="${spec.name}"
      rows="3"
      ${spec.required && html`required`}
      ${invalid && html`aria-invalid="true"`}
      ${described && html`aria-describedby="${described}"`}
    >
${spec.value}</textarea>
    ${spec.hint && html`<p class="hint" id="${id}-hint">${spec.hint}</p>`}
    ${invalid && html`<p class="error" id="${id}-error">${spec.violations!.join(' ')}</p>`}
  </div>`;
}

/**
 * Checkboxes of `options` (a fieldset with its legend), the `chosen` ones checked; a chosen value
 * the options leave out (a filter's) goes with the form as it is, so that saving keeps it.
 */
export function checkboxes(spec: {
  name: string;
  legend: string;
  prefix: string;
  options: { value: string; label: string }[];
  chosen: readonly string[];
  violations?: string[] | undefined;
}): SafeHtml {
  const invalid = (spec.violations?.length ?? 0) > 0;
  const shown = new Set(spec.options.map((option) => option.value));
  const chosen = new Set(spec.chosen);
  return html`<fieldset class="checks${invalid ? ' invalid' : ''}">
    <legend>${spec.legend}</legend>
    ${spec.chosen
      .filter((value) => !shown.has(value))
      .map((value) => html`<input type="hidden" name="${spec.name}" value="${value}" />`)}
    ${spec.options.map(
      (option, index) =>
        html`<div class="field check">
          <input
            type="checkbox"
            id="${spec.prefix}-${index}"
            name="${spec.name}"
            value="${option.value}"
            ${chosen.has(option.value) && html`checked`}
          />
          <label for="${spec.prefix}-${index}">${option.label}</label>
        </div>`,
    )}
    ${invalid && html`<p class="error" role="alert">${spec.violations!.join(' ')}</p>`}
  </fieldset>`;
}

/** One operation of a project's part, then the tab showing it. */
export function partChange(
  operation: Operation<never, unknown>,
  requestOf: (context: ConsoleContext, projectId: string) => Record<string, unknown>,
  tab: string,
  done: keyof ProjectWords['done'],
) {
  return async (context: ConsoleContext): Promise<void> => {
    const projectId = String(context.request.params.id);
    const written = (await context.call(operation, requestOf(context, projectId))) as Written;
    const to = afterWrite(`${projectPath(projectId)}${tab}`, written, done);
    context.response.redirect(303, `${to}${keptFilter(context)}`);
  };
}

/** A cell of a list's table: text (escaped) or markup. */
type Cell = string | SafeHtml | false | undefined;

/**
 * A project part's list: `empty` said when there is none, else a table of `headers` and one row
 * per item (`row`'s cells; a cell left out, `false`, as its header is).
 */
export function partTable<Item>(
  items: readonly Item[],
  empty: string,
  headers: (string | false)[],
  row: (item: Item, index: number) => Cell[],
): SafeHtml {
  if (items.length === 0) return html`<p>${empty}</p>`;
  return html`<div class="table-wrap">
    <table class="list">
      <thead>
        <tr>
          ${headers.filter((header) => header !== false).map((header) => html`<th scope="col">${header}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item, index) =>
            html`<tr>
              ${row(item, index)
                .filter((cell) => cell !== false)
                .map((cell) => html`<td>${cell}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/**
 * The roles a grant page's forms offer: those whose key or display name contains the address's
 * `roles` text (any case), or all of them; with the form that asks for that text. A project of
 * thousands of roles is otherwise thousands of checkboxes on every grant.
 */
export function roleFilter(context: ConsoleContext, action: string) {
  const words = wordsOf(context);
  const text = filterTextOf(context);
  const lower = text.toLowerCase();
  return {
    /** What the page's forms keep (the filter), as their address's query; its links', as parameters. */
    query: filterQuery(text),
    kept: (text ? { roles: text } : {}) as Record<string, string>,
    /**
     * The project's `roles` the forms offer, and the filter's form: where the project has more
     * roles than a form shows at a glance, or a filter is set.
     */
    of(roles: readonly { key: string; displayName: string }[]) {
      const offered = lower
        ? roles.filter((role) =>
            [role.key, role.displayName].some((each) => each.toLowerCase().includes(lower)),
          )
        : roles;
      const form =
        (text || roles.length > FILTERED_FROM) &&
        html`<form class="search" method="get" action="${action}" role="search">
            <div class="field grow">
              <label for="role-filter">${words.filterRoles}</label>
              <input id="role-filter" name="roles" type="search" maxlength="200" value="${text}" />
            </div>
            <button type="submit" class="secondary">${words.filter}</button>
            ${text && html`<a href="${action}">${words.allRoles}</a>`}
          </form>
          ${text && html`<p>${words.rolesOffered(offered.length, roles.length)}</p>`}`;
      return { options: roleOptions(offered), form };
    },
  };
}

/** How many roles a project has before its grant pages offer to filter them. */
const FILTERED_FROM = 20;

/** The grant pages' role filter as an address's query: `?roles=…`, or none. */
const filterQuery = (text: string) => (text ? `?roles=${encodeURIComponent(text)}` : '');

/** The role filter the address asks for (a grant page's, or the address its forms post to). */
const filterTextOf = (context: ConsoleContext) =>
  queryOf(context.request, { roles: 200 }).roles.trim();

/** The address a grant form was posted to kept its page's role filter: the page after it keeps it. */
const keptFilter = (context: ConsoleContext) =>
  filterQuery(filterTextOf(context)).replace('?', '&');

/** The project's roles as the options of checkboxes: the display name and key of each. */
const roleOptions = (roles: readonly { key: string; displayName: string }[]) =>
  roles.map((role) => ({ value: role.key, label: `${role.displayName} (${role.key})` }));
