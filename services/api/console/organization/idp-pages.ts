import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf, queryOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { addGenericOIDCProviderOperations } from '../../operations/add-generic-oidc-provider/add-generic-oidc-provider.operation.js';
import { addIDPToLoginPolicyOperation } from '../../operations/add-idp-to-login-policy/add-idp-to-login-policy.operation.js';
import { deactivateOrgIDPOperations } from '../../operations/deactivate-org-idp/deactivate-org-idp.operation.js';
import { deleteProviderOperations } from '../../operations/delete-provider/delete-provider.operation.js';
import { getProviderByIDOperations } from '../../operations/get-provider-by-id/get-provider-by-id.operation.js';
import { updateGenericOIDCProviderOperations } from '../../operations/update-generic-oidc-provider/update-generic-oidc-provider.operation.js';
import { getLoginPolicyOperation } from '../../operations/get-login-policy/get-login-policy.operation.js';
import { listProvidersOperations } from '../../operations/list-providers/list-providers.operation.js';
import type { Operation } from '../../operations/operation.js';
import { reactivateOrgIDPOperations } from '../../operations/reactivate-org-idp/reactivate-org-idp.operation.js';
import { removeIDPFromLoginPolicyOperation } from '../../operations/remove-idp-from-login-policy/remove-idp-from-login-policy.operation.js';
import { resetLoginPolicyToDefaultOperation } from '../../operations/reset-login-policy-to-default/reset-login-policy-to-default.operation.js';
import { updateCustomLoginPolicyOperation } from '../../operations/update-custom-login-policy/update-custom-login-policy.operation.js';
import type { ProviderView } from '../../queries/idp-queries.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { everyItem, pagedList } from '../console-pager.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, afterWrite, ifMatchOf, violationsByField } from '../console-writes.js';
import { actionButton, checkbox, doneNotice, ORG_PATH, orgWords, sendOrgPage } from './org-kit.js';
import type { Written } from './org-page.js';
import { LOGIN_SWITCHES, PROVIDER_SWITCHES } from './org-words.js';

const IDPS_PATH = `${ORG_PATH}/idps`;
const LOGIN_PATH = `${ORG_PATH}/login-policy`;

/** The OIDC form's text fields, each its longest value: longer than the API takes. */
const OIDC_FIELDS = {
  name: 300,
  issuer: 2100,
  clientId: 300,
  clientSecret: 2100,
  scopes: 2100,
} as const;
type OidcForm = Record<keyof typeof OIDC_FIELDS, string> &
  Record<(typeof PROVIDER_SWITCHES)[number], boolean>;

/** The switches a new provider's form starts with. */
const NEW_PROVIDER: OidcForm = {
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid profile email',
  usePkce: true,
  isIdTokenMapping: false,
  isLinkingAllowed: true,
  isCreationAllowed: true,
  isAutoCreation: false,
  isAutoUpdate: false,
};

const listProviders = (context: ConsoleContext, query: object) =>
  context.call(listProvidersOperations.org, { query }, afterOf(context));

/**
 * The identity providers the organization's people may sign in with (ListProviders: its own and
 * the instance's); with `idp.write`, the organization's own deactivated, reactivated or deleted
 * (after a confirmation), and a generic OpenID Connect provider added. The client secret is
 * written only: never shown, not even back in a refused form.
 */
export async function idpListPage(
  context: ConsoleContext,
  status = 200,
  posted: OidcForm = NEW_PROVIDER,
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  // By id from the last (newest first: ids are time-ordered), as before the list paged.
  const paged = pagedList(context, IDPS_PATH, false);
  const listed = await listProviders(context, paged.query);
  const providers = listed.result;
  const write = context.may('idp.write');
  const own = (provider: ProviderView) => provider.owner === 'IDP_OWNER_TYPE_ORG';
  const body = html`${doneNotice(context, {
      added: words.idpAdded,
      deactivated: words.idpDeactivated,
      reactivated: words.idpReactivated,
      deleted: words.idpDeleted,
      updated: words.idpUpdated,
    })}
    <p>${words.idpsIntro}</p>
    ${
      providers.length === 0
        ? html`<p role="status">${words.noIdps}</p>`
        : html`<div class="table-wrap">
              <table class="list providers">
                <thead>
                  <tr>
                    <th scope="col">${words.name}</th>
                    <th scope="col">${words.type}</th>
                    <th scope="col">${words.issuer}</th>
                    <th scope="col">${words.owner}</th>
                    <th scope="col">${words.state}</th>
                    ${write && html`<th scope="col">${words.actions}</th>`}
                  </tr>
                </thead>
                <tbody>
                  ${providers.map(
                    (provider) =>
                      html`<tr>
                        <th scope="row">${provider.name}</th>
                        <td>${words.types[provider.type] ?? provider.type}</td>
                        <td>${provider.config.oidc?.issuer}</td>
                        <td>${words.owners[provider.owner] ?? provider.owner}</td>
                        <td>${words.states[provider.state] ?? provider.state}</td>
                        ${
                          write &&
                          html`<td class="actions">
                            ${
                              own(provider) &&
                              html`${
                                  provider.state === 'IDP_STATE_ACTIVE'
                                    ? actionButton(
                                        context,
                                        `${IDPS_PATH}/_deactivate`,
                                        `${words.deactivate}: ${provider.name}`,
                                        'secondary',
                                        { idpId: provider.id },
                                      )
                                    : actionButton(
                                        context,
                                        `${IDPS_PATH}/_reactivate`,
                                        `${words.reactivate}: ${provider.name}`,
                                        'secondary',
                                        { idpId: provider.id },
                                      )
                                }
                                ${
                                  provider.config.oidc &&
                                  html`<a
                                    class="button secondary"
                                    href="${IDPS_PATH}/${encodeURIComponent(provider.id)}"
                                    >${words.editIdp(provider.name)}</a
                                  >`
                                }
                                <a
                                  class="button danger"
                                  href="${IDPS_PATH}/delete?id=${encodeURIComponent(provider.id)}"
                                  >${words.deleteIdp(provider.name)}</a
                                >`
                            }
                          </td>`
                        }
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>
            ${paged.nav(listed)}`
    }
    ${write && oidcForm(context, `${IDPS_PATH}/_add`, words.addOidc, posted, violations)}`;
  sendOrgPage(context, status, words.pages.idps, 'idps', body);
}

/**
 * The generic OIDC form, to add a provider or change one (`version` then its ETag): the client
 * secret's field always empty, its value never shown; left empty when changing, it is kept.
 */
function oidcForm(
  context: ConsoleContext,
  action: string,
  label: string,
  posted: OidcForm,
  violations: Violations,
  version?: string,
): SafeHtml {
  const words = orgWords(context);
  const { byField, rest } = fieldViolations(violations, [
    ...Object.keys(OIDC_FIELDS),
    ...PROVIDER_SWITCHES,
  ]);
  const text = (name: keyof typeof OIDC_FIELDS, label: string, required = true, hint?: string) =>
    formField({
      name,
      label,
      value: posted[name],
      type: name === 'clientSecret' ? 'password' : name === 'issuer' ? 'url' : 'text',
      required,
      ...(name === 'clientSecret' && { autocomplete: 'new-password' }),
      ...(hint && { hint }),
      violations: byField.get(name),
    });
  return html`<form method="post" action="${action}" class="narrow oidc-form">
    ${version === undefined && html`<h2>${label}</h2>`} ${csrfField(context)}
    ${version !== undefined && html`<input type="hidden" name="version" value="${version}" />`}
    ${rest} ${text('name', words.name)} ${text('issuer', words.issuer)}
    ${text('clientId', words.clientId)}
    ${text(
      'clientSecret',
      words.clientSecret,
      version === undefined,
      version === undefined ? words.clientSecretHint : words.clientSecretKept,
    )}
    ${text('scopes', words.scopes, false, words.scopesHint)}
    ${PROVIDER_SWITCHES.map((name) => checkbox(name, words.providerSwitches[name], posted[name]))}
    <div class="actions">
      <button type="submit">${version === undefined ? label : context.words.save}</button>
      ${
        version !== undefined &&
        html`<a class="button secondary" href="${IDPS_PATH}">${context.words.cancel}</a>`
      }
    </div>
  </form>`;
}

/** The OIDC form as posted, and the request it makes (the secret left out when empty). */
function postedProvider(context: ConsoleContext): { posted: OidcForm; request: object } {
  const read: Record<string, string> = formOf(context.request, {
    ...OIDC_FIELDS,
    ...Object.fromEntries(PROVIDER_SWITCHES.map((name) => [name, 1])),
  });
  const posted = {
    ...Object.fromEntries(Object.keys(OIDC_FIELDS).map((name) => [name, read[name]!.trim()])),
    ...Object.fromEntries(PROVIDER_SWITCHES.map((name) => [name, read[name] === '1'])),
    clientSecret: '',
  } as OidcForm;
  return {
    posted,
    request: {
      name: posted.name,
      issuer: posted.issuer,
      clientId: posted.clientId,
      ...(read.clientSecret && { clientSecret: read.clientSecret }),
      scopes: posted.scopes.split(/\s+/).filter(Boolean),
      providerOptions: {
        isLinkingAllowed: posted.isLinkingAllowed,
        isCreationAllowed: posted.isCreationAllowed,
        isAutoCreation: posted.isAutoCreation,
        isAutoUpdate: posted.isAutoUpdate,
      },
      isIdTokenMapping: posted.isIdTokenMapping,
      usePkce: posted.usePkce,
    },
  };
}

/** The OIDC form posted: AddGenericOIDCProvider; refused input beside its field, the secret not. */
export async function addOidcAction(context: ConsoleContext): Promise<void> {
  const { posted, request } = postedProvider(context);
  try {
    const written = (await context.call(
      addGenericOIDCProviderOperations.org as Operation<never, unknown>,
      { clientSecret: '', ...request },
    )) as Written;
    context.response.redirect(303, afterWrite(IDPS_PATH, written, 'added'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await idpListPage(context, 400, posted, violationsByField(error));
  }
}

/**
 * A generic OIDC provider of the organization's changed (GetProviderByID, then
 * UpdateGenericOIDCProvider If-Match the version shown); another kind is not changed here.
 */
export async function editOidcPage(
  context: ConsoleContext,
  status = 200,
  posted?: OidcForm & { version: string },
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  const id = String(context.request.params.id);
  const { idp } = await context.call(getProviderByIDOperations.org, { id }, afterOf(context));
  if (idp.owner !== 'IDP_OWNER_TYPE_ORG' || !idp.config.oidc)
    throw new ServiceError('IDP-NOT-FOUND');
  const { oidc, options } = { oidc: idp.config.oidc, options: idp.config.options };
  const shown = posted ?? {
    name: idp.name,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: '',
    scopes: oidc.scopes.join(' '),
    usePkce: oidc.usePkce,
    isIdTokenMapping: oidc.isIdTokenMapping,
    isLinkingAllowed: options.isLinkingAllowed,
    isCreationAllowed: options.isCreationAllowed,
    isAutoCreation: options.isAutoCreation,
    isAutoUpdate: options.isAutoUpdate,
    version: idp.details.sequence,
  };
  const body = oidcForm(
    context,
    `${IDPS_PATH}/${encodeURIComponent(id)}/_update`,
    words.editIdp(idp.name),
    shown,
    violations,
    shown.version,
  );
  sendOrgPage(context, status, words.editIdp(idp.name), 'idps', body);
}

/** The edit form posted: UpdateGenericOIDCProvider If-Match its version; the secret kept if empty. */
export async function updateOidcAction(context: ConsoleContext): Promise<void> {
  const id = String(context.request.params.id);
  const { posted, request } = postedProvider(context);
  try {
    const written = (await context.call(
      updateGenericOIDCProviderOperations.org as Operation<never, unknown>,
      { id, ...request },
      ifMatchOf(context),
    )) as Written;
    context.response.redirect(303, afterWrite(IDPS_PATH, written, 'updated'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    const { version } = formOf(context.request, { version: 20 });
    await editOidcPage(context, 400, { ...posted, version }, violationsByField(error));
  }
}

/** One write on the provider of the form's `idpId`, then the list (or `back`) showing it. */
function providerChange(
  operation: Operation<never, unknown>,
  requestOf: (idpId: string) => Record<string, unknown>,
  done: string,
  back = IDPS_PATH,
) {
  return async (context: ConsoleContext): Promise<void> => {
    const { idpId } = formOf(context.request, { idpId: 40 });
    const written = (await context.call(operation, requestOf(idpId))) as Written;
    context.response.redirect(303, afterWrite(back, written, done));
  };
}

export const deactivateIdpAction = providerChange(
  deactivateOrgIDPOperations.org as Operation<never, unknown>,
  (idpId) => ({ idpId }),
  'deactivated',
);
export const reactivateIdpAction = providerChange(
  reactivateOrgIDPOperations.org as Operation<never, unknown>,
  (idpId) => ({ idpId }),
  'reactivated',
);
export const deleteIdpAction = providerChange(
  deleteProviderOperations.org as Operation<never, unknown>,
  (id) => ({ id }),
  'deleted',
);

/** The confirmation before deleting a provider; its form posts `_delete`. */
export async function deleteIdpPage(context: ConsoleContext): Promise<void> {
  const words = orgWords(context);
  const { id } = queryOf(context.request, { id: 40 });
  const [provider] = id
    ? (
        await context.call(listProvidersOperations.org, {
          queries: [
            { idpIdQuery: { id } },
            { ownerTypeQuery: { ownerType: 'IDP_OWNER_TYPE_ORG' } },
          ],
        })
      ).result
    : [];
  if (!provider) throw new ServiceError('IDP-NOT-FOUND');
  const body = html`<p>${words.deleteIdpConfirm(provider.name)}</p>
    <form method="post" action="${IDPS_PATH}/_delete" class="actions">
      ${csrfField(context)}
      <input type="hidden" name="idpId" value="${provider.id}" />
      <button type="submit" class="danger">${words.deleteYes}</button>
      <a class="button secondary" href="${IDPS_PATH}">${context.words.cancel}</a>
    </form>`;
  sendOrgPage(context, 200, words.deleteIdpTitle(provider.name), 'idps', body);
}

/**
 * The organization's login policy (GetLoginPolicy): its switches, each with what it allows, and
 * the identity providers its sign-in offers; with `policy.write`, the switches saved
 * (UpdateCustomLoginPolicy, which gives an organization following the default its own), the
 * policy reset to the default (ResetLoginPolicyToDefault), and a provider offered
 * (AddIDPToLoginPolicy) or no longer (RemoveIDPFromLoginPolicy).
 */
export async function loginPolicyPage(context: ConsoleContext): Promise<void> {
  const words = orgWords(context);
  const write = context.may('policy.write');
  const [{ policy, isDefault }, providers] = await Promise.all([
    context.call(getLoginPolicyOperation, {}, afterOf(context)),
    write && context.may('idp.read')
      ? everyItem((query) => listProviders(context, query))
      : Promise.resolve([]),
  ]);
  const offered = new Set(policy.idps.map(({ idpId }) => idpId));
  const offerable = providers.filter(
    (provider) => provider.state === 'IDP_STATE_ACTIVE' && !offered.has(provider.id),
  );
  const switches = write
    ? html`<form method="post" action="${LOGIN_PATH}/_save" class="narrow">
        ${csrfField(context)}
        ${LOGIN_SWITCHES.map((name) =>
          checkbox(name, words.loginSwitches[name], policy[name], words.loginSwitchHints[name]),
        )}
        <button type="submit">${context.words.save}</button>
      </form>`
    : html`<dl>
        ${LOGIN_SWITCHES.map(
          (name) =>
            html`<dt>${words.loginSwitches[name]}</dt>
              <dd>
                ${policy[name] ? context.words.yes : context.words.no}
                <span class="hint">${words.loginSwitchHints[name]}</span>
              </dd>`,
        )}
      </dl>`;
  const body = html`${doneNotice(context, {
      saved: words.loginSaved,
      reset: words.loginReset,
      idpAdded: words.policyIdpAdded,
      idpRemoved: words.policyIdpRemoved,
    })}
    <p>${isDefault ? words.isDefaultLogin : words.ownLogin}</p>
    ${switches}
    ${write && !isDefault && actionButton(context, `${LOGIN_PATH}/_reset`, words.resetLogin, 'secondary')}
    <section aria-labelledby="policy-idps">
      <h2 id="policy-idps">${words.policyIdps}</h2>
      ${
        policy.idps.length === 0
          ? html`<p>${words.noPolicyIdps}</p>`
          : html`<ul class="items policy-idps">
              ${policy.idps.map(
                (idp) =>
                  html`<li>
                    ${idp.idpName}
                    <span class="hint"
                      >(${words.types[idp.idpType] ?? idp.idpType},
                      ${words.owners[idp.ownerType] ?? idp.ownerType})</span
                    >
                    ${
                      write &&
                      actionButton(
                        context,
                        `${LOGIN_PATH}/_remove_idp`,
                        words.removeFromPolicy(idp.idpName),
                        'secondary',
                        { idpId: idp.idpId },
                      )
                    }
                  </li>`,
              )}
            </ul>`
      }
      ${
        write &&
        (offerable.length === 0
          ? html`<p>${words.noneToAdd}</p>`
          : html`<form method="post" action="${LOGIN_PATH}/_add_idp" class="narrow">
              ${csrfField(context)}
              <div class="field">
                <label for="field-idpId">${words.provider}</label>
                <select id="field-idpId" name="idpId">
                  ${offerable.map(
                    (provider) =>
                      html`<option value="${provider.id}">
                        ${provider.name} (${words.owners[provider.owner] ?? provider.owner})
                      </option>`,
                  )}
                </select>
              </div>
              <button type="submit">${words.addToPolicy}</button>
            </form>`)
      }
    </section>`;
  sendOrgPage(context, 200, words.pages.loginPolicy, 'loginPolicy', body);
}

/** The switches saved (UpdateCustomLoginPolicy): an unticked box is off. */
export async function saveLoginPolicyAction(context: ConsoleContext): Promise<void> {
  const form = formOf(context.request, { allowUsernamePassword: 1, allowExternalIdp: 1 });
  const written = (await context.call(
    updateCustomLoginPolicyOperation as Operation<never, unknown>,
    {
      allowUsernamePassword: form.allowUsernamePassword === '1',
      allowExternalIdp: form.allowExternalIdp === '1',
    },
  )) as Written;
  context.response.redirect(303, afterWrite(LOGIN_PATH, written, 'saved'));
}

export const resetLoginPolicyAction = async (context: ConsoleContext): Promise<void> => {
  const written = (await context.call(
    resetLoginPolicyToDefaultOperation as Operation<never, unknown>,
    {},
  )) as Written;
  context.response.redirect(303, afterWrite(LOGIN_PATH, written, 'reset'));
};

export const addPolicyIdpAction = providerChange(
  addIDPToLoginPolicyOperation as Operation<never, unknown>,
  (idpId) => ({ idpId }),
  'idpAdded',
  LOGIN_PATH,
);
export const removePolicyIdpAction = providerChange(
  removeIDPFromLoginPolicyOperation as Operation<never, unknown>,
  (idpId) => ({ idpId }),
  'idpRemoved',
  LOGIN_PATH,
);
