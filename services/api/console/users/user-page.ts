import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf, queryOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { deactivateUserOperation } from '../../operations/deactivate-user/deactivate-user.operation.js';
import { getUserByIDOperation } from '../../operations/get-user-by-id/get-user-by-id.operation.js';
import { listHumanAuthFactorsOperation } from '../../operations/list-human-auth-factors/list-human-auth-factors.operation.js';
import { listHumanLinkedIDPsOperation } from '../../operations/list-human-linked-idps/list-human-linked-idps.operation.js';
import { listUserGrantsOperation } from '../../operations/list-user-grants/list-user-grants.operation.js';
import { listUserMembershipsOperation } from '../../operations/list-user-memberships/list-user-memberships.operation.js';
import { lockUserOperation } from '../../operations/lock-user/lock-user.operation.js';
import type { Operation } from '../../operations/operation.js';
import { reactivateUserOperation } from '../../operations/reactivate-user/reactivate-user.operation.js';
import { removeHumanAuthFactorOTPOperation } from '../../operations/remove-human-auth-factor-otp/remove-human-auth-factor-otp.operation.js';
import { removeHumanPasswordlessOperation } from '../../operations/remove-human-passwordless/remove-human-passwordless.operation.js';
import { removeUserOperation } from '../../operations/remove-user/remove-user.operation.js';
import { resendHumanInitializationOperation } from '../../operations/resend-human-initialization/resend-human-initialization.operation.js';
import { setHumanPasswordOperation } from '../../operations/set-human-password/set-human-password.operation.js';
import { unlockUserOperation } from '../../operations/unlock-user/unlock-user.operation.js';
import type { AuthFactorView } from '../../queries/user-account-queries.js';
import type { UserView } from '../../queries/user-views.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { afterOf, afterWrite, violationsByField, type Written } from '../console-writes.js';
import { CONSOLE_PATH } from '../console-session.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { USER_WORDS, type UserWords } from './user-words.js';

/**
 * The lifecycle actions of a user's page: each one operation on the user, whatever changed since
 * the page was shown (a sign-in records events on the user too; the operation itself refuses a
 * step the user's state does not allow). The profile's form is made from a version (If-Match).
 */
export const LIFECYCLE = {
  deactivate: { operation: deactivateUserOperation, done: 'deactivated' },
  reactivate: { operation: reactivateUserOperation, done: 'reactivated' },
  lock: { operation: lockUserOperation, done: 'locked' },
  unlock: { operation: unlockUserOperation, done: 'unlocked' },
} as const;

/** What a page after a write says it did (`?done=`), the words' key of each. */
const DONE = {
  deactivated: (w: UserWords) => w.done.deactivated,
  reactivated: (w: UserWords) => w.done.reactivated,
  locked: (w: UserWords) => w.done.locked,
  unlocked: (w: UserWords) => w.done.unlocked,
  password: (w: UserWords) => w.passwordSet,
  init: (w: UserWords) => w.initSent,
  otp: (w: UserWords) => w.otpRemoved,
  passkey: (w: UserWords) => w.passkeyRemoved,
  profile: (w: UserWords) => w.profileSaved,
  created: (w: UserWords) => w.addedNotice,
} as const;

export const userPath = (id: string) => `${CONSOLE_PATH}/users/${encodeURIComponent(id)}`;

/**
 * A user's page: the profile, email and phone, state and details (GetUserByID), the ways they
 * sign in (ListHumanAuthFactors), their identity provider links (ListHumanLinkedIDPs), their
 * grants (ListUserGrants) and memberships (ListUserMemberships); with `user.write`, the actions.
 */
export async function userPage(
  context: ConsoleContext,
  status = 200,
  violations: Violations = new Map(),
): Promise<void> {
  const words = USER_WORDS[context.language];
  const id = String(context.request.params.id);
  const { user } = await context.call(getUserByIDOperation, { id }, afterOf(context));
  const [factors, links, grants, memberships] = await Promise.all([
    user.human
      ? context.call(listHumanAuthFactorsOperation, { userId: id }).then(({ result }) => result)
      : [],
    user.human
      ? context.call(listHumanLinkedIDPsOperation, { userId: id }).then(({ result }) => result)
      : [],
    context
      .call(listUserGrantsOperation, { queries: [{ userIdQuery: { userId: id } }] })
      .then(({ result }) => result),
    context
      .call(listUserMembershipsOperation, { userId: id })
      .then(({ result }) => result)
      .catch(() => undefined),
  ]);
  const { done } = queryOf(context.request, { done: 20 });
  const said = done in DONE ? DONE[done as keyof typeof DONE](words) : undefined;
  const name = user.human?.profile.displayName || user.machine?.name || user.userName;
  const row = (label: string, value: unknown) =>
    html`<dt>${label}</dt>
      <dd>${value}</dd>`;
  const none = html`<p>${context.words.none}</p>`;
  const body = html`${said && html`<p class="notice" role="status">${said}</p>`}
    <p class="state state-${user.state}">${words.states[user.state] ?? user.state}</p>
    <div class="panels">
      ${
        user.human &&
        html`<section aria-labelledby="profile">
            <h2 id="profile">${words.profile}</h2>
            ${
              context.may('user.write') &&
              html`<p><a href="${userPath(user.id)}/profile">${words.editProfile}</a></p>`
            }
            <dl>
              ${row(words.firstName, user.human.profile.firstName)}
              ${row(words.lastName, user.human.profile.lastName)}
              ${row(words.displayName, user.human.profile.displayName)}
              ${user.human.profile.nickName && row(words.nickName, user.human.profile.nickName)}
              ${
                user.human.profile.preferredLanguage &&
                row(words.language, user.human.profile.preferredLanguage)
              }
            </dl>
          </section>
          <section aria-labelledby="contact">
            <h2 id="contact">${words.emailAndPhone}</h2>
            <dl>
              ${row(
                words.email,
                html`${user.human.email.email}
                  <span class="hint"
                    >(${user.human.email.isEmailVerified ? words.verified : words.unverified})</span
                  >`,
              )}
              ${row(
                words.phone,
                user.human.phone
                  ? html`${user.human.phone.phone}
                      <span class="hint"
                        >(${user.human.phone.isPhoneVerified ? words.verified : words.unverified})</span
                      >`
                  : words.noPhone,
              )}
            </dl>
          </section>`
      }
      <section aria-labelledby="details">
        <h2 id="details">${words.details}</h2>
        <dl>
          ${row(words.id, html`<code>${user.id}</code>`)}
          ${row(words.loginNames, user.loginNames.join(', '))}
          ${user.externalId && row(words.externalId, user.externalId)}
          ${row(words.created, dateOf(context, user.details.creationDate))}
          ${row(words.changed, dateOf(context, user.details.changeDate))}
        </dl>
        ${
          context.may('event.read') &&
          html`<p>
            <a href="${CONSOLE_PATH}/activity?item=${encodeURIComponent(user.id)}"
              >${words.activity}</a
            >
          </p>`
        }
      </section>
      ${
        user.human &&
        html`<section aria-labelledby="methods">
            <h2 id="methods">${words.methods}</h2>
            ${
              factors.length === 0
                ? none
                : html`<ul class="items">
                    ${factors.map((factor) => factorItem(context, words, user, factor))}
                  </ul>`
            }
          </section>
          <section aria-labelledby="links">
            <h2 id="links">${words.links}</h2>
            ${
              links.length === 0
                ? none
                : html`<table class="list">
                    <thead>
                      <tr>
                        <th scope="col">${words.provider}</th>
                        <th scope="col">${words.subject}</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${links.map(
                        (link) =>
                          html`<tr>
                            <td>${link.idpName}</td>
                            <td>${link.providedUserName || link.providedUserId}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
            }
          </section>`
      }
      <section aria-labelledby="grants">
        <h2 id="grants">${words.grants}</h2>
        ${
          grants.length === 0
            ? none
            : html`<table class="list">
                <thead>
                  <tr>
                    <th scope="col">${words.project}</th>
                    <th scope="col">${words.roles}</th>
                  </tr>
                </thead>
                <tbody>
                  ${grants.map(
                    (grant) =>
                      html`<tr>
                        <td>${grant.projectName}</td>
                        <td>${grant.roleKeys.join(', ')}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      ${
        memberships &&
        html`<section aria-labelledby="memberships">
          <h2 id="memberships">${words.memberships}</h2>
          ${
            memberships.length === 0
              ? none
              : html`<ul class="items">
                  ${memberships.map(
                    (membership) =>
                      html`<li>
                        ${membership.iam ? words.instance : membership.displayName}:
                        ${membership.roles.join(', ')}
                      </li>`,
                  )}
                </ul>`
          }
        </section>`
      }
    </div>
    ${context.may('user.write') && actions(context, words, user, violations)}`;
  sendPage(context, status, consolePage(context, name, body, 'users'));
}

function dateOf(context: ConsoleContext, date: Date | string): SafeHtml {
  const at = new Date(date);
  return html`<time datetime="${at.toISOString()}"
    >${at.toLocaleString(context.language === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    })}
    UTC</time
  >`;
}

function factorItem(
  context: ConsoleContext,
  words: UserWords,
  user: UserView,
  factor: AuthFactorView,
): SafeHtml {
  const f = factor as AuthFactorView & {
    password?: { changeRequired: boolean };
    otp?: object;
    passkey?: { id: string; name: string };
  };
  const notReady = f.state === 'AUTH_FACTOR_STATE_NOT_READY' && html` (${words.notReady})`;
  const remove = (path: string, label: string) =>
    context.may('user.write') &&
    html`<form class="inline" method="post" action="${userPath(user.id)}/${path}">
      ${csrfField(context)}
      <button type="submit" class="secondary">${label}</button>
    </form>`;
  if (f.password)
    return html`<li>
      ${words.password}${f.password.changeRequired && html` (${words.passwordChangeRequired})`}
    </li>`;
  if (f.otp)
    return html`<li>${words.otp}${notReady} ${remove('_remove_otp', words.removeOtp)}</li>`;
  if (f.passkey)
    return html`<li>
      ${words.passkey}: ${f.passkey.name}${notReady}
      ${remove(
        `passkeys/${encodeURIComponent(f.passkey.id)}/_remove`,
        words.removePasskey(f.passkey.name),
      )}
    </li>`;
  return html``;
}

/** The actions on a user: the lifecycle, the password, the initialization email, removal. */
function actions(
  context: ConsoleContext,
  words: UserWords,
  user: UserView,
  violations: Violations,
): SafeHtml {
  const action = (path: string, label: string, kind = '') =>
    html`<form class="inline" method="post" action="${userPath(user.id)}/${path}">
      ${csrfField(context)}
      <button type="submit" class="${kind}">${label}</button>
    </form>`;
  const active = user.state === 'USER_STATE_ACTIVE';
  const lifecycle = [
    active && action('_deactivate', words.deactivate),
    user.state === 'USER_STATE_INACTIVE' && action('_reactivate', words.reactivate),
    active && action('_lock', words.lock),
    user.state === 'USER_STATE_LOCKED' && action('_unlock', words.unlock),
    user.human && action('_resend_initialization', words.resendInit, 'secondary'),
  ];
  const { byField, rest } = fieldViolations(violations, ['password']);
  return html`<section aria-labelledby="actions" class="actions-panel">
    <h2 id="actions">${words.actions}</h2>
    <div class="actions">
      ${lifecycle}
      <a class="button danger" href="${userPath(user.id)}/remove">${words.remove}</a>
    </div>
    ${
      user.human &&
      html`<form method="post" action="${userPath(user.id)}/_password" class="password-form">
        <h3>${words.setPassword}</h3>
        ${csrfField(context)} ${rest}
        ${formField({
          name: 'password',
          label: words.newPassword,
          type: 'password',
          autocomplete: 'new-password',
          violations: byField.get('password'),
        })}
        <div class="field check">
          <input type="checkbox" id="changeRequired" name="changeRequired" value="1" checked />
          <label for="changeRequired">${words.changeRequired}</label>
        </div>
        <button type="submit">${words.setPassword}</button>
      </form>`
    }
  </section>`;
}

/** The confirmation before removing a user; its form posts `_remove`. */
export async function removePage(context: ConsoleContext): Promise<void> {
  const words = USER_WORDS[context.language];
  const id = String(context.request.params.id);
  const { user } = await context.call(getUserByIDOperation, { id });
  const name = user.human?.profile.displayName || user.machine?.name || user.userName;
  const body = html`<p>${words.removeConfirm(name)}</p>
    <form method="post" action="${userPath(id)}/_remove" class="actions">
      ${csrfField(context)}
      <button type="submit" class="danger">${words.removeYes}</button>
      <a class="button secondary" href="${userPath(id)}">${context.words.cancel}</a>
    </form>`;
  sendPage(context, 200, consolePage(context, words.removeTitle(name), body, 'users'));
}

/** A lifecycle action's form: the operation, then the user's page showing it. */
export function lifecycleAction(kind: keyof typeof LIFECYCLE) {
  return async (context: ConsoleContext): Promise<void> => {
    const id = String(context.request.params.id);
    const { operation, done } = LIFECYCLE[kind];
    const written = (await context.call(operation as Operation<never, unknown>, {
      id,
    })) as Written;
    context.response.redirect(303, afterWrite(userPath(id), written, done));
  };
}

/** Removing a user, confirmed: RemoveUser, then the list without them. */
export async function removeAction(context: ConsoleContext): Promise<void> {
  const id = String(context.request.params.id);
  const written = (await context.call(removeUserOperation as Operation<never, unknown>, {
    id,
  })) as Written;
  context.response.redirect(303, afterWrite(`${CONSOLE_PATH}/users`, written));
}

/** Setting a password (SetHumanPassword); refused input is shown beside the field. */
export async function passwordAction(context: ConsoleContext): Promise<void> {
  const userId = String(context.request.params.id);
  const form = formOf(context.request, { password: 200, changeRequired: 1 });
  try {
    const written = (await context.call(setHumanPasswordOperation as Operation<never, unknown>, {
      userId,
      password: form.password,
      noChangeRequired: form.changeRequired !== '1',
    })) as Written;
    context.response.redirect(303, afterWrite(userPath(userId), written, 'password'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await userPage(context, 400, violationsByField(error));
  }
}

/** The other actions of a person's page: one operation each, then the page showing it. */
export function userChange(
  operation: Operation<never, unknown>,
  requestOf: (context: ConsoleContext, userId: string) => Record<string, unknown>,
  done: keyof typeof DONE,
) {
  return async (context: ConsoleContext): Promise<void> => {
    const userId = String(context.request.params.id);
    const written = (await context.call(operation, requestOf(context, userId))) as Written;
    context.response.redirect(303, afterWrite(userPath(userId), written, done));
  };
}

export const resendAction = userChange(
  resendHumanInitializationOperation as Operation<never, unknown>,
  (_context, userId) => ({ userId }),
  'init',
);
export const removeOtpAction = userChange(
  removeHumanAuthFactorOTPOperation as Operation<never, unknown>,
  (_context, userId) => ({ userId }),
  'otp',
);
export const removePasskeyAction = userChange(
  removeHumanPasswordlessOperation as Operation<never, unknown>,
  (context, userId) => ({ userId, tokenId: String(context.request.params.tokenId) }),
  'passkey',
);
