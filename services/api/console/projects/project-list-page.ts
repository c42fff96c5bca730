import { formOf, queryOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { addProjectOperation } from '../../operations/add-project/add-project.operation.js';
import { listProjectsOperation } from '../../operations/list-projects/list-projects.operation.js';
import type { Operation } from '../../operations/operation.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, type Written } from '../console-writes.js';
import { projectPath, wordsOf, writeThen } from './project-kit.js';

/** Projects on one page of the list. */
export const PROJECTS_PER_PAGE = 50;

/**
 * The organization's projects (ListProjects), PROJECTS_PER_PAGE at a time in the order they were
 * made, each linked to its page; with `project.write`, the form of a new project (AddProject).
 */
export async function projectListPage(
  context: ConsoleContext,
  status = 200,
  posted = '',
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const { at: asked } = queryOf(context.request, { at: 9 });
  const at = /^[0-9]{1,8}$/.test(asked) ? Number(asked) - (Number(asked) % PROJECTS_PER_PAGE) : 0;
  const listed = await context.call(
    listProjectsOperation,
    { query: { limit: PROJECTS_PER_PAGE, offset: at, asc: true } },
    afterOf(context),
  );
  const total = Number(listed.details.totalResult);
  const pageAt = (from: number) => `${CONSOLE_PATH}/projects${from > 0 ? `?at=${from}` : ''}`;
  const pages = html`<nav
    class="pages"
    aria-label="${context.words.page(at + 1, at + listed.result.length, total)}"
  >
    ${
      at > 0 &&
      html`<a href="${pageAt(Math.max(0, at - PROJECTS_PER_PAGE))}">${context.words.previous}</a>`
    }
    <span>${context.words.page(at + 1, at + listed.result.length, total)}</span>
    ${
      at + listed.result.length < total &&
      html`<a href="${pageAt(at + PROJECTS_PER_PAGE)}">${context.words.next}</a>`
    }
  </nav>`;
  const { byField, rest } = fieldViolations(violations, ['name']);
  const body = html`${
      context.may('project.write') &&
      html`<form method="post" action="${CONSOLE_PATH}/projects/_add" class="narrow">
        <h2>${words.newProject}</h2>
        ${csrfField(context)} ${rest}
        ${formField({
          name: 'name',
          label: words.name,
          value: posted,
          required: true,
          maxLength: 300,
          violations: byField.get('name'),
        })}
        <button type="submit">${words.add}</button>
      </form>`
    }
    <h2>${words.title}</h2>
    ${
      listed.result.length === 0
        ? html`<p role="status">${words.noProjects}</p>`
        : html`<div class="table-wrap">
              <table class="list">
                <thead>
                  <tr>
                    <th scope="col">${words.name}</th>
                    <th scope="col">${words.state}</th>
                  </tr>
                </thead>
                <tbody>
                  ${listed.result.map(
                    (project) =>
                      html`<tr>
                        <td><a href="${projectPath(project.id)}">${project.name}</a></td>
                        <td>${words.states[project.state] ?? project.state}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>
            ${pages}`
    }`;
  sendPage(context, status, consolePage(context, words.title, body, 'projects'));
}

/** The new project's form posted: AddProject, then the new project's page. */
export async function addProjectAction(context: ConsoleContext): Promise<void> {
  const { name } = formOf(context.request, { name: 300 });
  await writeThen(
    context,
    () => context.call(addProjectOperation as Operation<never, unknown>, { name }),
    (added) => projectPath((added as Written & { id: string }).id),
    'created',
    (violations) => projectListPage(context, 400, name, violations),
  );
}
