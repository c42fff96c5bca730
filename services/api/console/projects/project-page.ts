import { formOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { deactivateProjectOperation } from '../../operations/deactivate-project/deactivate-project.operation.js';
import { getProjectByIDOperation } from '../../operations/get-project-by-id/get-project-by-id.operation.js';
import type { Operation } from '../../operations/operation.js';
import { reactivateProjectOperation } from '../../operations/reactivate-project/reactivate-project.operation.js';
import { removeProjectOperation } from '../../operations/remove-project/remove-project.operation.js';
import { updateProjectOperation } from '../../operations/update-project/update-project.operation.js';
import type { ProjectView } from '../../queries/project-queries.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { CONSOLE_PATH } from '../console-session.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterWrite, ifMatchOf, type Written } from '../console-writes.js';
import {
  actionForm,
  projectOf,
  projectPath,
  sendProjectPage,
  wordsOf,
  writeThen,
} from './project-kit.js';
import type { LabelingSetting, ProjectWords } from './project-words.js';

/** Update Project's four settings at sign-in, each a switch, in the order the page shows them. */
const SWITCHES = ['projectRoleAssertion', 'projectRoleCheck', 'hasProjectCheck'] as const;
const LABELING: LabelingSetting[] = [
  'PRIVATE_LABELING_SETTING_UNSPECIFIED',
  'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
  'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY',
];

/** The settings' form as shown: the project's, or what was posted and refused. */
interface SettingsForm {
  name: string;
  projectRoleAssertion: boolean;
  projectRoleCheck: boolean;
  hasProjectCheck: boolean;
  privateLabelingSetting: string;
  version: string;
}

const SAYS = {
  projectRoleAssertion: (w: ProjectWords) => [w.projectRoleAssertion, w.projectRoleAssertionSays],
  projectRoleCheck: (w: ProjectWords) => [w.projectRoleCheck, w.projectRoleCheckSays],
  hasProjectCheck: (w: ProjectWords) => [w.hasProjectCheck, w.hasProjectCheckSays],
} as const;

/**
 * A project's page (GetProjectByID): its state, the four settings of sign-in, each with what it
 * does, and its details; with `project.write`, the settings as a form (UpdateProject, If-Match
 * the version shown) and the lifecycle actions.
 */
export async function projectPage(
  context: ConsoleContext,
  status = 200,
  posted?: SettingsForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const body = html`${
      context.may('project.write')
        ? settingsForm(context, words, project, posted, violations)
        : settingsShown(words, project)
    }
    <section aria-labelledby="details">
      <h2 id="details">${words.details}</h2>
      <dl>
        <dt>${words.id}</dt>
        <dd><code>${project.id}</code></dd>
      </dl>
    </section>
    ${context.may('project.write') && actions(context, words, project)}`;
  sendProjectPage(context, project, 'settings', body, status);
}

/** The settings as a viewer sees them: each on or off, and what it does. */
function settingsShown(words: ProjectWords, project: ProjectView): SafeHtml {
  return html`<section aria-labelledby="settings">
    <h2 id="settings">${words.settings}</h2>
    <dl class="settings">
      ${SWITCHES.map((name) => {
        const [label, says] = SAYS[name](words);
        return html`<dt>${label}</dt>
          <dd>
            <strong>${project[name] ? words.on : words.off}</strong>
            <p class="hint">${says}</p>
          </dd>`;
      })}
      <dt>${words.privateLabelingSetting}</dt>
      <dd>
        <strong
          >${
            words.labeling[project.privateLabelingSetting as LabelingSetting] ??
            project.privateLabelingSetting
          }</strong
        >
        <p class="hint">${words.privateLabelingSettingSays}</p>
      </dd>
    </dl>
  </section>`;
}

function settingsForm(
  context: ConsoleContext,
  words: ProjectWords,
  project: ProjectView,
  posted: SettingsForm | undefined,
  violations: Violations,
): SafeHtml {
  const shown: SettingsForm = posted ?? {
    name: project.name,
    projectRoleAssertion: project.projectRoleAssertion,
    projectRoleCheck: project.projectRoleCheck,
    hasProjectCheck: project.hasProjectCheck,
    privateLabelingSetting: project.privateLabelingSetting,
    version: project.details.sequence,
  };
  const fields = ['name', ...SWITCHES, 'privateLabelingSetting'];
  const { byField, rest } = fieldViolations(violations, fields);
  const error = (name: string) =>
    byField.has(name) &&
    html`<p class="error" id="field-${name}-error">${byField.get(name)!.join(' ')}</p>`;
  return html`<section aria-labelledby="settings">
    <h2 id="settings">${words.settings}</h2>
    <p class="hint">${words.settingsHint}</p>
    <form method="post" action="${projectPath(project.id)}/_settings" class="narrow">
      ${csrfField(context)}
      <input type="hidden" name="version" value="${shown.version}" />
      ${rest}
      ${formField({
        name: 'name',
        label: words.name,
        value: shown.name,
        required: true,
        maxLength: 300,
        violations: byField.get('name'),
      })}
      ${SWITCHES.map((name) => {
        const [label, says] = SAYS[name](words);
        return html`<div class="field check setting">
          <input
            type="checkbox"
            id="field-${name}"
            name="${name}"
            value="1"
            aria-describedby="field-${name}-says${byField.has(name) ? ` field-${name}-error` : ''}"
            ${shown[name] && html`checked`}
          />
          <label for="field-${name}">${label}</label>
          <p class="hint" id="field-${name}-says">${says}</p>
          ${error(name)}
        </div>`;
      })}
      <div class="field">
        <label for="field-privateLabelingSetting">${words.privateLabelingSetting}</label>
        <select
          id="field-privateLabelingSetting"
          name="privateLabelingSetting"
          aria-describedby="field-privateLabelingSetting-says"
        >
          ${LABELING.map(
            (setting) =>
              html`<option
                value="${setting}"
                ${setting === shown.privateLabelingSetting && html`selected`}
              >
                ${words.labeling[setting]}
              </option>`,
          )}
        </select>
        <p class="hint" id="field-privateLabelingSetting-says">
          ${words.privateLabelingSettingSays}
        </p>
        ${error('privateLabelingSetting')}
      </div>
      <div class="actions">
        <button type="submit">${context.words.save}</button>
      </div>
    </form>
  </section>`;
}

/** The lifecycle of the project: deactivate or reactivate, and removal after a confirmation. */
function actions(context: ConsoleContext, words: ProjectWords, project: ProjectView): SafeHtml {
  const path = projectPath(project.id);
  return html`<section aria-labelledby="actions" class="actions-panel">
    <h2 id="actions">${words.actions}</h2>
    <div class="actions">
      ${
        project.state === 'PROJECT_STATE_ACTIVE'
          ? actionForm(context, `${path}/_deactivate`, words.deactivate)
          : actionForm(context, `${path}/_reactivate`, words.reactivate)
      }
      <a class="button danger" href="${path}/remove">${words.remove}</a>
    </div>
  </section>`;
}

/** The settings' form posted: UpdateProject If-Match the version the form was made from. */
export async function settingsAction(context: ConsoleContext): Promise<void> {
  const id = String(context.request.params.id);
  const form = formOf(context.request, {
    name: 300,
    projectRoleAssertion: 1,
    projectRoleCheck: 1,
    hasProjectCheck: 1,
    privateLabelingSetting: 80,
    version: 20,
  });
  const posted: SettingsForm = {
    name: form.name,
    projectRoleAssertion: form.projectRoleAssertion === '1',
    projectRoleCheck: form.projectRoleCheck === '1',
    hasProjectCheck: form.hasProjectCheck === '1',
    privateLabelingSetting: form.privateLabelingSetting,
    version: form.version,
  };
  const { version: _version, ...settings } = posted;
  await writeThen(
    context,
    () =>
      context.call(
        updateProjectOperation as Operation<never, unknown>,
        { id, ...settings },
        ifMatchOf(context),
      ),
    projectPath(id),
    'settings',
    (violations) => projectPage(context, 400, posted, violations),
  );
}

/** Deactivating or reactivating the project: the operation, then its page showing it. */
export function lifecycleAction(kind: 'deactivate' | 'reactivate') {
  const operation = (
    kind === 'deactivate' ? deactivateProjectOperation : reactivateProjectOperation
  ) as Operation<never, unknown>;
  return async (context: ConsoleContext): Promise<void> => {
    const id = String(context.request.params.id);
    const written = (await context.call(operation, { id })) as Written;
    const done = kind === 'deactivate' ? 'deactivated' : 'reactivated';
    context.response.redirect(303, afterWrite(projectPath(id), written, done));
  };
}

/** The confirmation before removing a project; its form posts `_remove`. */
export async function removePage(context: ConsoleContext): Promise<void> {
  const words = wordsOf(context);
  const id = String(context.request.params.id);
  const { project } = await context.call(getProjectByIDOperation, { id });
  const body = html`<p>${words.removeConfirm(project.name)}</p>
    <form method="post" action="${projectPath(id)}/_remove" class="actions">
      ${csrfField(context)}
      <button type="submit" class="danger">${words.removeYes}</button>
      <a class="button secondary" href="${projectPath(id)}">${context.words.cancel}</a>
    </form>`;
  sendPage(context, 200, consolePage(context, words.removeTitle(project.name), body, 'projects'));
}

/** Removing a project, confirmed: RemoveProject, then the list without it. */
export async function removeAction(context: ConsoleContext): Promise<void> {
  const id = String(context.request.params.id);
  const written = (await context.call(removeProjectOperation as Operation<never, unknown>, {
    id,
  })) as Written;
  context.response.redirect(303, afterWrite(`${CONSOLE_PATH}/projects`, written));
}
