import { pagedList } from '../console-pager.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { addMachineKeyOperation } from '../../operations/add-machine-key/add-machine-key.operation.js';
import { addMachineSecretOperation } from '../../operations/add-machine-secret/add-machine-secret.operation.js';
import { addMachineUserOperation } from '../../operations/add-machine-user/add-machine-user.operation.js';
import { addPersonalAccessTokenOperation } from '../../operations/add-personal-access-token/add-personal-access-token.operation.js';
import { deactivateMachineUserOperation } from '../../operations/deactivate-machine-user/deactivate-machine-user.operation.js';
import { getUserByIDOperation } from '../../operations/get-user-by-id/get-user-by-id.operation.js';
import { listMachineKeysOperation } from '../../operations/list-machine-keys/list-machine-keys.operation.js';
import { listPersonalAccessTokensOperation } from '../../operations/list-personal-access-tokens/list-personal-access-tokens.operation.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import type { Operation } from '../../operations/operation.js';
import { reactivateMachineUserOperation } from '../../operations/reactivate-machine-user/reactivate-machine-user.operation.js';
import { removeMachineKeyOperation } from '../../operations/remove-machine-key/remove-machine-key.operation.js';
import { removeMachineSecretOperation } from '../../operations/remove-machine-secret/remove-machine-secret.operation.js';
import { removeMachineUserOperation } from '../../operations/remove-machine-user/remove-machine-user.operation.js';
import { removePersonalAccessTokenOperation } from '../../operations/remove-personal-access-token/remove-personal-access-token.operation.js';
import type { UserView } from '../../queries/user-views.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, afterWrite, violationsByField } from '../console-writes.js';
import { actionButton, dayOf, doneNotice, ORG_PATH, orgWords, sendOrgPage } from './org-kit.js';
import type { Written } from './org-page.js';
import type { OrgWords } from './org-words.js';

/** The most machine users the list shows. */

const MACHINES_PATH = `${ORG_PATH}/machines`;
export const machinePath = (id: string) => `${MACHINES_PATH}/${encodeURIComponent(id)}`;

/** The add form's fields, each its longest value: longer than the API takes, so that it says so. */
const MACHINE_FIELDS = { userName: 300, name: 300, description: 600 } as const;
type MachineForm = Record<keyof typeof MACHINE_FIELDS, string>;

/**
 * The machine users of the organization (ListUsers of TYPE_MACHINE, by user name, PAGE_ROWS a
 * page), each linked to its page; with `user.write`, the form that adds one.
 */
export async function machineListPage(
  context: ConsoleContext,
  status = 200,
  posted?: MachineForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  const paged = pagedList(context, MACHINES_PATH);
  const listed = await context.call(
    listUsersOperation,
    {
      query: paged.query,
      sortingColumn: 'USER_FIELD_NAME_USER_NAME',
      queries: [{ typeQuery: { type: 'TYPE_MACHINE' } }],
    },
    afterOf(context),
  );
  const { byField, rest } = fieldViolations(violations, Object.keys(MACHINE_FIELDS));
  const field = (name: keyof MachineForm, label: string, required = false) =>
    formField({
      name,
      label,
      value: posted?.[name] ?? '',
      required,
      violations: byField.get(name),
    });
  const body = html`<p>${words.machinesIntro}</p>
    ${
      listed.result.length === 0
        ? html`<p role="status">${words.noMachines}</p>`
        : html`<div class="table-wrap">
              <table class="list">
                <thead>
                  <tr>
                    <th scope="col">${words.userName}</th>
                    <th scope="col">${words.machineName}</th>
                    <th scope="col">${words.state}</th>
                  </tr>
                </thead>
                <tbody>
                  ${listed.result.map(
                    (user) =>
                      html`<tr>
                        <td><a href="${machinePath(user.id)}">${user.userName}</a></td>
                        <td>${user.machine?.name}</td>
                        <td>${words.states[user.state] ?? user.state}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>
            ${paged.nav(listed)}`
    }
    ${
      context.may('user.write') &&
      html`<form method="post" action="${MACHINES_PATH}/_add" class="narrow">
        <h2>${words.addMachine}</h2>
        ${csrfField(context)} ${rest} ${field('userName', words.userName, true)}
        ${field('name', words.machineName, true)} ${field('description', words.description)}
        <button type="submit">${words.addMachine}</button>
      </form>`
    }`;
  sendOrgPage(context, status, words.pages.machines, 'machines', body);
}

/** The add form posted: AddMachineUser, then the new machine user's page. */
export async function addMachineAction(context: ConsoleContext): Promise<void> {
  const form = formOf(context.request, MACHINE_FIELDS);
  try {
    const added = (await context.call(addMachineUserOperation as Operation<never, unknown>, {
      userName: form.userName,
      name: form.name,
      ...(form.description && { description: form.description }),
    })) as Written & { userId: string };
    context.response.redirect(303, afterWrite(machinePath(added.userId), added, 'added'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await machineListPage(context, 400, form, violationsByField(error));
  }
}

/** The machine user of the address (GetUserByID); a person's ID is not found here. */
async function machineOf(
  context: ConsoleContext,
): Promise<UserView & { machine: NonNullable<UserView['machine']> }> {
  const id = String(context.request.params.id);
  const { user } = await context.call(getUserByIDOperation, { id }, afterOf(context));
  if (!user.machine) throw new ServiceError('USER-NOT-FOUND');
  return user as UserView & { machine: NonNullable<UserView['machine']> };
}

/** What the machine page says after each write (`?done=`). */
const DONE = (words: OrgWords) => ({
  added: words.machineAdded,
  deactivated: words.deactivated,
  reactivated: words.reactivated,
  key: words.keyAdded,
  keyRemoved: words.keyRemoved,
  token: words.tokenAdded,
  tokenRemoved: words.tokenRemoved,
  secret: words.secretAdded,
  secretRemoved: words.secretRemoved,
});

/**
 * A machine user's page: its name, state and ID, its keys (ListMachineKeys), personal access
 * tokens (ListPersonalAccessTokens) and whether it has a client secret; with `user.write`, each
 * added or removed, and the machine user deactivated, reactivated or removed. No credential is
 * ever shown here: only on the page answering the form that made it.
 */
export async function machinePage(
  context: ConsoleContext,
  status = 200,
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  const user = await machineOf(context);
  const userId = user.id;
  const path = machinePath(userId);
  // Each list pages on its own, newest first as before they paged; a link keeps the other's page.
  const tokensPaged = pagedList(context, path, false, { list: 'tokens', beside: ['keys'] });
  const keysPaged = pagedList(context, path, false, { list: 'keys', beside: ['tokens'] });
  const [keys, tokens] = await Promise.all([
    context.call(listMachineKeysOperation, { userId, query: keysPaged.query }),
    context.call(listPersonalAccessTokensOperation, { userId, query: tokensPaged.query }),
  ]);
  const write = context.may('user.write');
  const { byField, rest } = fieldViolations(violations, [
    'keyExpirationDate',
    'tokenExpirationDate',
  ]);
  const expiryForm = (kind: 'key' | 'token', label: string) =>
    html`<form method="post" action="${path}/_add_${kind}" class="narrow">
      ${csrfField(context)}
      ${formField({
        name: `${kind}ExpirationDate`,
        label: words.expirationDate,
        type: 'date',
        hint: words.expirationHint,
        violations: byField.get(`${kind}ExpirationDate`),
      })}
      <button type="submit">${label}</button>
    </form>`;
  const credentialTable = (
    rows: { id: string; expirationDate: Date | string }[],
    remove: (id: string) => string,
    action: string,
    field: string,
  ) =>
    html`<table class="list">
      <thead>
        <tr>
          <th scope="col">${words.id}</th>
          <th scope="col">${words.expires}</th>
          ${write && html`<th scope="col">${words.actions}</th>`}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              <td><code>${row.id}</code></td>
              <td>
                ${
                  new Date(row.expirationDate).getUTCFullYear() >= 9999
                    ? words.never
                    : dayOf(row.expirationDate)
                }
              </td>
              ${
                write &&
                html`<td>
                  ${actionButton(context, `${path}/${action}`, remove(row.id), 'secondary', {
                    [field]: row.id,
                  })}
                </td>`
              }
            </tr>`,
        )}
      </tbody>
    </table>`;
  const active = user.state === 'USER_STATE_ACTIVE';
  const body = html`${doneNotice(context, DONE(words))} ${rest}
    <p class="state state-${user.state}">${words.states[user.state] ?? user.state}</p>
    <dl>
      <dt>${words.userName}</dt>
      <dd>${user.userName}</dd>
      <dt>${words.id} / ${words.clientId}</dt>
      <dd><code>${userId}</code></dd>
      ${
        user.machine.description &&
        html`<dt>${words.description}</dt>
          <dd>${user.machine.description}</dd>`
      }
    </dl>
    <div class="panels">
      <section aria-labelledby="tokens">
        <h2 id="tokens">${words.tokens}</h2>
        <p>${words.tokensIntro}</p>
        ${
          tokens.result.length === 0
            ? html`<p>${words.noTokens}</p>`
            : html`${credentialTable(tokens.result, words.removeToken, '_remove_token', 'tokenId')}
              ${tokensPaged.nav(tokens)}`
        }
        ${write && expiryForm('token', words.addToken)}
      </section>
      <section aria-labelledby="keys">
        <h2 id="keys">${words.keys}</h2>
        <p>${words.keysIntro}</p>
        ${
          keys.result.length === 0
            ? html`<p>${words.noKeys}</p>`
            : html`${credentialTable(keys.result, words.removeKey, '_remove_key', 'keyId')}
              ${keysPaged.nav(keys)}`
        }
        ${write && expiryForm('key', words.addKey)}
      </section>
      <section aria-labelledby="secret">
        <h2 id="secret">${words.secretTitle}</h2>
        <p>${words.secretIntro}</p>
        <p>${user.machine.hasSecret ? words.hasSecret : words.noSecret}</p>
        ${
          write &&
          html`<div class="actions">
            ${actionButton(
              context,
              `${path}/_add_secret`,
              user.machine.hasSecret ? words.replaceSecret : words.addSecret,
            )}
            ${
              user.machine.hasSecret &&
              actionButton(context, `${path}/_remove_secret`, words.removeSecret, 'secondary')
            }
          </div>`
        }
      </section>
    </div>
    ${
      write &&
      html`<section aria-labelledby="actions" class="actions-panel">
        <h2 id="actions">${words.actions}</h2>
        <div class="actions">
          ${active && actionButton(context, `${path}/_deactivate`, words.deactivate)}
          ${
            user.state === 'USER_STATE_INACTIVE' &&
            actionButton(context, `${path}/_reactivate`, words.reactivate)
          }
          <a class="button danger" href="${path}/remove">${words.remove}</a>
        </div>
      </section>`
    }`;
  sendOrgPage(context, status, user.machine.name || user.userName, 'machines', body);
}

/** The confirmation before removing a machine user; its form posts `_remove`. */
export async function removeMachinePage(context: ConsoleContext): Promise<void> {
  const words = orgWords(context);
  const user = await machineOf(context);
  const name = user.machine.name || user.userName;
  const body = html`<p>${words.removeConfirm(name)}</p>
    <form method="post" action="${machinePath(user.id)}/_remove" class="actions">
      ${csrfField(context)}
      <button type="submit" class="danger">${words.removeYes}</button>
      <a class="button secondary" href="${machinePath(user.id)}">${context.words.cancel}</a>
    </form>`;
  sendOrgPage(context, 200, words.removeTitle(name), 'machines', body);
}

/** One write on the machine user of the address, then its page (or the list) showing it. */
function machineChange(
  operation: Operation<never, unknown>,
  requestOf: (context: ConsoleContext, userId: string) => Record<string, unknown>,
  done: keyof ReturnType<typeof DONE> | 'gone',
) {
  return async (context: ConsoleContext): Promise<void> => {
    const userId = String(context.request.params.id);
    const written = (await context.call(operation, requestOf(context, userId))) as Written;
    context.response.redirect(
      303,
      done === 'gone'
        ? afterWrite(MACHINES_PATH, written)
        : afterWrite(machinePath(userId), written, done),
    );
  };
}

const byUserId = (_context: ConsoleContext, userId: string) => ({ userId });

export const deactivateMachineAction = machineChange(
  deactivateMachineUserOperation as Operation<never, unknown>,
  byUserId,
  'deactivated',
);
export const reactivateMachineAction = machineChange(
  reactivateMachineUserOperation as Operation<never, unknown>,
  byUserId,
  'reactivated',
);
export const removeMachineAction = machineChange(
  removeMachineUserOperation as Operation<never, unknown>,
  byUserId,
  'gone',
);
export const removeKeyAction = machineChange(
  removeMachineKeyOperation as Operation<never, unknown>,
  (context, userId) => ({ userId, keyId: formOf(context.request, { keyId: 40 }).keyId }),
  'keyRemoved',
);
export const removeTokenAction = machineChange(
  removePersonalAccessTokenOperation as Operation<never, unknown>,
  (context, userId) => ({ userId, tokenId: formOf(context.request, { tokenId: 40 }).tokenId }),
  'tokenRemoved',
);
export const removeSecretAction = machineChange(
  removeMachineSecretOperation as Operation<never, unknown>,
  byUserId,
  'secretRemoved',
);

/** A credential shown once: its label and text, and the file it may be saved as. */
interface Shown {
  label: string;
  value: string;
  rows: number;
  file?: { name: string; link: string };
}

/**
 * The page answering the form that made a credential: the credential shown this once, in a
 * read-only field, with the warning that it cannot be shown again (sendPage: `no-store`), and
 * the way back to the machine user's page, which shows it no more. Nothing of it is kept.
 */
function credentialPage(
  context: ConsoleContext,
  user: { id: string; name: string },
  title: string,
  written: Written,
  shown: Shown[],
): void {
  const words = orgWords(context);
  const body = html`<p class="notice" role="status">${words.shownOnce}</p>
    ${shown.map(
      (field, at) =>
        html`<div class="field">
          <label for="new-secret-${at}">${field.label}</label>
          <textarea
            id="new-secret-${at}"
            class="secret new-secret"
            readonly
            rows="${field.rows}"
            spellcheck="false"
            autocomplete="off"
          >
${field.value}</textarea>
          ${
            field.file &&
            html`<p>
              <a
                download="${field.file.name}"
                href="data:application/json;base64,${Buffer.from(field.value).toString('base64')}"
                >${field.file.link}</a
              >
            </p>`
          }
        </div>`,
    )}
    <p><a href="${afterWrite(machinePath(user.id), written)}">${words.backTo(user.name)}</a></p>`;
  sendOrgPage(context, 200, title, 'machines', body);
}

/** An `<input type=date>`'s day as the API's expiration (its start, UTC); none when empty. */
function expirationOf(day: string): { expirationDate?: string } {
  if (!day) return {};
  return { expirationDate: /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day };
}

/** A credential's form posted: the operation, then its answer's credential shown once. */
function addCredential(
  kind: 'key' | 'token',
  operation: Operation<never, unknown>,
  shownOf: (answer: Record<string, string>, words: OrgWords) => Shown[],
) {
  return async (context: ConsoleContext): Promise<void> => {
    const words = orgWords(context);
    const user = await machineOf(context);
    const field = `${kind}ExpirationDate`;
    const day = formOf(context.request, { [field]: 40 })[field] ?? '';
    let answer: Written & Record<string, string>;
    try {
      answer = (await context.call(operation, {
        userId: user.id,
        ...(kind === 'key' && { type: 'KEY_TYPE_JSON' }),
        ...expirationOf(day),
      })) as Written & Record<string, string>;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
      const violations = violationsByField(error);
      const said = violations.get('expirationDate');
      if (said) {
        violations.delete('expirationDate');
        violations.set(field, said);
      }
      return machinePage(context, 400, violations);
    }
    credentialPage(
      context,
      { id: user.id, name: user.machine.name || user.userName },
      words.newTitle[kind],
      answer,
      shownOf(answer, words),
    );
  };
}

export const addTokenAction = addCredential(
  'token',
  addPersonalAccessTokenOperation as Operation<never, unknown>,
  (answer, words) => [{ label: words.token, value: answer.token ?? '', rows: 2 }],
);

export const addKeyAction = addCredential(
  'key',
  addMachineKeyOperation as Operation<never, unknown>,
  (answer, words) => {
    const key = JSON.parse(
      Buffer.from(answer.keyDetails ?? '', 'base64').toString('utf8') || '{}',
    ) as { keyId?: string };
    return [
      {
        label: words.keyFile,
        value: JSON.stringify(key, null, 2),
        rows: 14,
        // Named by the key's id, so that several keys' files do not overwrite one another.
        file: { name: `${key.keyId ?? answer.keyId ?? 'key'}.json`, link: words.downloadKeyFile },
      },
    ];
  },
);

/** A client secret made (AddMachineSecret, replacing one before it): shown this once. */
export async function addSecretAction(context: ConsoleContext): Promise<void> {
  const words = orgWords(context);
  const user = await machineOf(context);
  const answer = (await context.call(addMachineSecretOperation as Operation<never, unknown>, {
    userId: user.id,
  })) as Written & { clientId: string; clientSecret: string };
  credentialPage(
    context,
    { id: user.id, name: user.machine.name || user.userName },
    words.newTitle.secret,
    answer,
    [
      { label: words.clientId, value: answer.clientId, rows: 1 },
      { label: words.clientSecret, value: answer.clientSecret, rows: 2 },
    ],
  );
}
