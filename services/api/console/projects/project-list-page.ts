import { pagedList } from '../console-pager.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { addProjectOperation } from '../../operations/add-project/add-project.operation.js';
import { listProjectsOperation } from '../../operations/list-projects/list-projects.operation.js';
import type { Operation } from '../../operations/operation.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, type Written } from '../console-writes.js';
import { projectPath, wordsOf, writeThen } from './project-kit.js';

/**
 * The organization's projects (ListProjects), PAGE_ROWS at a time (by cursor) in the order they were
 * made, each linked to its page; with `project.write`, the form of a new project (AddProject).
 */
export async function projectListPage(
  context: ConsoleContext,
  status = 200,
  posted = '',
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const paged = pagedList(context, `${CONSOLE_PATH}/projects`);
  const listed = await context.call(
    listProjectsOperation,
    { query: paged.query },
    afterOf(context),
  );
  const pages = paged.nav(listed);
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
