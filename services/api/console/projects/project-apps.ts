import { pagedList } from '../console-pager.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { addOIDCApplicationOperation } from '../../operations/add-oidc-application/add-oidc-application.operation.js';
import { getAppByIDOperation } from '../../operations/get-app-by-id/get-app-by-id.operation.js';
import { listAppsOperation } from '../../operations/list-apps/list-apps.operation.js';
import type { Operation } from '../../operations/operation.js';
import { removeOIDCApplicationOperation } from '../../operations/remove-oidc-application/remove-oidc-application.operation.js';
import { updateOIDCApplicationOperation } from '../../operations/update-oidc-application/update-oidc-application.operation.js';
import type { AppView } from '../../queries/project-app-queries.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { ifMatchOf, violationsByField } from '../console-writes.js';
import {
  actionForm,
  linesOf,
  listFieldsTogether,
  partChange,
  partTable,
  projectOf,
  projectPath,
  sendProjectPage,
  textareaField,
  wordsOf,
  writeThen,
} from './project-kit.js';
import type { ProjectWords } from './project-words.js';

/** The application form's fields, each its longest value. */
const APP_FIELDS = {
  name: 300,
  redirectUris: 42_000,
  postLogoutRedirectUris: 42_000,
  authMethodType: 40,
  idTokenRoleAssertion: 1,
  accessTokenRoleAssertion: 1,
  version: 20,
} as const;
type AppForm = Record<keyof typeof APP_FIELDS, string>;

const NEW_APP: AppForm = {
  name: '',
  redirectUris: '',
  postLogoutRedirectUris: '',
  authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC',
  idTokenRoleAssertion: '',
  accessTokenRoleAssertion: '',
  version: '',
};

/** Where a relying party discovers the provider: the issuer's OpenID configuration. */
export const discoveryUrlOf = (issuer: string) =>
  `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

const appPath = (projectId: string, appId: string) =>
  `${projectPath(projectId)}/apps/${encodeURIComponent(appId)}`;

/** A value the person copies: a readonly input they can select, labelled. */
function copyable(id: string, label: string, value: string, hint?: string): SafeHtml {
  return html`<div class="field copyable">
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      type="text"
      readonly
      value="${value}"
      spellcheck="false"
      ${hint && html`aria-describedby="${id}-hint"`}
    />
    ${hint && html`<p class="hint" id="${id}-hint">${hint}</p>`}
  </div>`;
}

/** The project's applications (ListApps), each linked to its page; with `project.write`, a new one. */
export async function appsPage(context: ConsoleContext): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const paged = pagedList(context, `${projectPath(project.id)}/apps`);
  const listed = await context.call(listAppsOperation, {
    projectId: project.id,
    query: paged.query,
  });
  const body = html`<h2>${words.apps}</h2>
    ${
      context.may('project.write') &&
      html`<p class="toolbar">
        <a class="button" href="${projectPath(project.id)}/apps/new">${words.newApp}</a>
      </p>`
    }
    ${partTable(listed.result, words.noApps, [words.name, words.clientId, words.kind], (app) => [
      html`<a href="${appPath(project.id, app.id)}">${app.name}</a>`,
      html`<code>${app.oidcConfig.clientId}</code>`,
      kindOf(words, app),
    ])}
    ${paged.nav(listed)}`;
  sendProjectPage(context, project, 'apps', body);
}

const kindOf = (words: ProjectWords, app: AppView) =>
  app.oidcConfig.authMethodType === 'OIDC_AUTH_METHOD_TYPE_NONE'
    ? words.publicSays
    : words.confidentialSays;

/**
 * The application form's fields: name, redirect URIs and post-logout redirect URIs one per line,
 * the role assertion flags; a new application's also whether it is confidential or public.
 */
function appFields(
  words: ProjectWords,
  shown: AppForm,
  violations: Violations,
  isNew: boolean,
): SafeHtml {
  const { byField, rest } = fieldViolations(violations, Object.keys(APP_FIELDS));
  const flag = (name: 'idTokenRoleAssertion' | 'accessTokenRoleAssertion', label: string) =>
    html`<div class="field check">
      <input
        type="checkbox"
        id="field-${name}"
        name="${name}"
        value="1"
        aria-describedby="role-assertion-hint"
        ${shown[name] === '1' && html`checked`}
      />
      <label for="field-${name}">${label}</label>
    </div>`;
  const kind = (value: string, label: string) =>
    html`<div class="field check">
      <input
        type="radio"
        id="kind-${value}"
        name="authMethodType"
        value="${value}"
        ${shown.authMethodType === value && html`checked`}
      />
      <label for="kind-${value}">${label}</label>
    </div>`;
  return html`${rest}
    ${formField({
      name: 'name',
      label: words.name,
      value: shown.name,
      required: true,
      maxLength: 300,
      violations: byField.get('name'),
    })}
    ${textareaField({
      name: 'redirectUris',
      label: words.redirectUris,
      value: shown.redirectUris,
      hint: words.redirectUrisHint,
      required: true,
      violations: byField.get('redirectUris'),
    })}
    ${textareaField({
      name: 'postLogoutRedirectUris',
      label: words.postLogoutRedirectUris,
      value: shown.postLogoutRedirectUris,
      hint: words.postLogoutRedirectUrisHint,
      violations: byField.get('postLogoutRedirectUris'),
    })}
    ${
      isNew &&
      html`<fieldset class="checks">
        <legend>${words.kind}</legend>
        ${kind('OIDC_AUTH_METHOD_TYPE_BASIC', words.confidential)}
        ${kind('OIDC_AUTH_METHOD_TYPE_NONE', words.public)}
        ${
          byField.has('authMethodType') &&
          html`<p class="error" role="alert">${byField.get('authMethodType')!.join(' ')}</p>`
        }
      </fieldset>`
    }
    <fieldset class="checks">
      <legend>${words.projectRoleAssertion}</legend>
      ${flag('idTokenRoleAssertion', words.idTokenRoleAssertion)}
      ${flag('accessTokenRoleAssertion', words.accessTokenRoleAssertion)}
      <p class="hint" id="role-assertion-hint">${words.roleAssertionHint}</p>
    </fieldset>`;
}

/** The request's application settings from the posted form. */
const settingsOf = (form: AppForm) => ({
  name: form.name,
  redirectUris: linesOf(form.redirectUris),
  postLogoutRedirectUris: linesOf(form.postLogoutRedirectUris),
  idTokenRoleAssertion: form.idTokenRoleAssertion === '1',
  accessTokenRoleAssertion: form.accessTokenRoleAssertion === '1',
});

/** The form of a new application (AddOIDCApplication). */
export async function newAppPage(
  context: ConsoleContext,
  status = 200,
  posted: AppForm = NEW_APP,
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const body = html`<form
    method="post"
    action="${projectPath(project.id)}/apps/_add"
    class="narrow"
  >
    <h2>${words.newApp}</h2>
    ${csrfField(context)} ${appFields(words, posted, violations, true)}
    <div class="actions">
      <button type="submit">${words.addApp}</button>
      <a class="button secondary" href="${projectPath(project.id)}/apps">${context.words.cancel}</a>
    </div>
  </form>`;
  sendProjectPage(context, project, 'apps', body, status, words.newAppOf(project.name));
}

/**
 * The new application's form posted: AddOIDCApplication, answered by a page (200, not kept by
 * any cache) that shows the client id, the discovery URL and a confidential client's secret, this
 * once: the secret is in no URL, no redirect, nothing stored.
 */
export function addAppAction(issuer: string) {
  return async (context: ConsoleContext): Promise<void> => {
    const words = wordsOf(context);
    const projectId = String(context.request.params.id);
    const form = formOf(context.request, APP_FIELDS);
    let added: { appId: string; clientId: string; clientSecret?: string };
    try {
      added = (await context.call(addOIDCApplicationOperation as Operation<never, unknown>, {
        projectId,
        ...settingsOf(form),
        authMethodType:
          form.authMethodType === 'OIDC_AUTH_METHOD_TYPE_NONE'
            ? 'OIDC_AUTH_METHOD_TYPE_NONE'
            : 'OIDC_AUTH_METHOD_TYPE_BASIC',
      })) as typeof added;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
      return newAppPage(context, 400, form, listFieldsTogether(violationsByField(error)));
    }
    const project = await projectOf(context);
    const body = html`<section aria-labelledby="credentials" class="narrow">
      <h2 id="credentials">${words.credentials}</h2>
      ${copyable('client-id', words.clientId, added.clientId)}
      ${
        added.clientSecret
          ? html`<p class="notice" role="status">${words.secretOnce}</p>
              ${copyable('client-secret', words.clientSecret, added.clientSecret)}`
          : html`<p>${words.noSecret}</p>`
      }
      ${copyable('discovery-url', words.discoveryUrl, discoveryUrlOf(issuer), words.discoveryHint)}
      <p><a href="${appPath(projectId, added.appId)}">${words.toApp}</a></p>
    </section>`;
    sendProjectPage(context, project, 'apps', body, 200, words.appCreatedTitle(form.name));
  };
}

/**
 * An application's page (GetAppByID): its client id, the discovery URL and its settings; with
 * `project.write`, the settings as a form (UpdateOIDCApplication, If-Match the project's version
 * shown: an application is part of its project) and its removal (RemoveOIDCApplication).
 */
export function appPage(issuer: string) {
  const page = async (
    context: ConsoleContext,
    status = 200,
    posted?: AppForm,
    violations: Violations = new Map(),
  ): Promise<void> => {
    const words = wordsOf(context);
    const project = await projectOf(context);
    const appId = String(context.request.params.appId);
    const { app } = await context.call(getAppByIDOperation, { projectId: project.id, appId });
    const shown: AppForm = posted ?? {
      name: app.name,
      redirectUris: app.oidcConfig.redirectUris.join('\n'),
      postLogoutRedirectUris: app.oidcConfig.postLogoutRedirectUris.join('\n'),
      authMethodType: app.oidcConfig.authMethodType,
      idTokenRoleAssertion: app.oidcConfig.idTokenRoleAssertion ? '1' : '',
      accessTokenRoleAssertion: app.oidcConfig.accessTokenRoleAssertion ? '1' : '',
      version: project.details.sequence,
    };
    const path = appPath(project.id, app.id);
    const body = html`<section aria-labelledby="client" class="narrow">
        <h2 id="client">${words.credentials}</h2>
        ${copyable('client-id', words.clientId, app.oidcConfig.clientId)}
        ${copyable('discovery-url', words.discoveryUrl, discoveryUrlOf(issuer), words.discoveryHint)}
        <p>${words.kind}: ${kindOf(words, app)}</p>
      </section>
      ${
        context.may('project.write')
          ? html`<form method="post" action="${path}/_update" class="narrow">
                <h2>${words.editApp}</h2>
                ${csrfField(context)}
                <input type="hidden" name="version" value="${shown.version}" />
                ${appFields(words, shown, violations, false)}
                <button type="submit">${context.words.save}</button>
              </form>
              <div class="actions-panel">
                ${actionForm(context, `${path}/_remove`, words.removeApp, 'danger')}
              </div>`
          : appShown(words, app)
      }`;
    sendProjectPage(context, project, 'apps', body, status, app.name);
  };
  return page;
}

/** An application's settings as a viewer sees them. */
function appShown(words: ProjectWords, app: AppView): SafeHtml {
  const list = (uris: string[]) =>
    uris.length === 0
      ? html`—`
      : html`<ul class="items">
          ${uris.map((uri) => html`<li><code>${uri}</code></li>`)}
        </ul>`;
  return html`<dl>
    <dt>${words.redirectUris}</dt>
    <dd>${list(app.oidcConfig.redirectUris)}</dd>
    <dt>${words.postLogoutRedirectUris}</dt>
    <dd>${list(app.oidcConfig.postLogoutRedirectUris)}</dd>
    <dt>${words.idTokenRoleAssertion}</dt>
    <dd>${app.oidcConfig.idTokenRoleAssertion ? words.on : words.off}</dd>
    <dt>${words.accessTokenRoleAssertion}</dt>
    <dd>${app.oidcConfig.accessTokenRoleAssertion ? words.on : words.off}</dd>
  </dl>`;
}

/** An application's form posted: UpdateOIDCApplication If-Match the version shown. */
export function updateAppAction(issuer: string) {
  const page = appPage(issuer);
  return async (context: ConsoleContext): Promise<void> => {
    const projectId = String(context.request.params.id);
    const appId = String(context.request.params.appId);
    const form = formOf(context.request, APP_FIELDS);
    await writeThen(
      context,
      () =>
        context.call(
          updateOIDCApplicationOperation as Operation<never, unknown>,
          { projectId, appId, ...settingsOf(form) },
          ifMatchOf(context),
        ),
      appPath(projectId, appId),
      'app',
      (violations) => page(context, 400, form, violations),
    );
  };
}

/** An application's removal: RemoveOIDCApplication, then the applications. */
export const removeAppAction = partChange(
  removeOIDCApplicationOperation as Operation<never, unknown>,
  (context, projectId) => ({ projectId, appId: String(context.request.params.appId) }),
  '/apps',
  'appRemoved',
);
