import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { importHumanUserOperation } from '../../operations/import-human-user/import-human-user.operation.js';
import type { Operation } from '../../operations/operation.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { CONSOLE_PATH } from '../console-session.js';
import { afterWrite, violationsByField } from '../console-writes.js';
import { userPath } from './user-page.js';
import { USER_WORDS } from './user-words.js';

/** The form's fields, named as ImportHumanUser's (so its violations find them), each its longest value. */
const FIELDS = {
  userName: 300,
  'profile.firstName': 300,
  'profile.lastName': 300,
  'email.email': 300,
  'email.isEmailVerified': 1,
  'phone.phone': 60,
  password: 200,
} as const;

type NewUserForm = Record<keyof typeof FIELDS, string>;

/** Adding one person with a form (ImportHumanUser): refused input shown beside its field. */
export function newUserPage(
  context: ConsoleContext,
  status = 200,
  posted?: NewUserForm,
  violations: Violations = new Map(),
): void {
  const words = USER_WORDS[context.language];
  const { byField, rest } = fieldViolations(violations, Object.keys(FIELDS));
  const field = (
    name: keyof typeof FIELDS,
    label: string,
    extra: { type?: string; required?: boolean; autocomplete?: string; hint?: string } = {},
  ) =>
    formField({
      name,
      label,
      value: posted?.[name] ?? '',
      violations: byField.get(name),
      ...extra,
    });
  const body = html`<form method="post" action="${CONSOLE_PATH}/users/_new" class="narrow">
    ${csrfField(context)} ${rest}
    ${field('userName', words.userName, { required: true, autocomplete: 'off' })}
    ${field('profile.firstName', words.firstName, { required: true })}
    ${field('profile.lastName', words.lastName, { required: true })}
    ${field('email.email', words.email, { type: 'email', required: true })}
    <div class="field check">
      <input
        type="checkbox"
        id="field-email-isEmailVerified"
        name="email.isEmailVerified"
        value="1"
        ${posted?.['email.isEmailVerified'] === '1' && html`checked`}
      />
      <label for="field-email-isEmailVerified">${words.emailVerified}</label>
    </div>
    ${field('phone.phone', words.phone, { type: 'tel', hint: words.phoneHint })}
    ${field('password', words.initialPassword, {
      type: 'password',
      autocomplete: 'new-password',
      hint: words.initialPasswordHint,
    })}
    <div class="actions">
      <button type="submit">${words.create}</button>
      <a class="button secondary" href="${CONSOLE_PATH}/users">${context.words.cancel}</a>
    </div>
  </form>`;
  sendPage(context, status, consolePage(context, words.newTitle, body, 'users'));
}

/** The form posted: ImportHumanUser, then the new person's page. */
export async function newUserAction(context: ConsoleContext): Promise<void> {
  const form = formOf(context.request, FIELDS);
  try {
    const made = (await context.call(importHumanUserOperation as Operation<never, unknown>, {
      userName: form.userName,
      profile: { firstName: form['profile.firstName'], lastName: form['profile.lastName'] },
      email: { email: form['email.email'], isEmailVerified: form['email.isEmailVerified'] === '1' },
      ...(form['phone.phone'] && { phone: { phone: form['phone.phone'] } }),
      ...(form.password && { password: form.password }),
    })) as { userId: string; details: { sequence: string } };
    context.response.redirect(303, afterWrite(userPath(made.userId), made, 'created'));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // A user name taken is said beside it, as the API's field violations are.
    if (error.id === 'USER-ALREADY-EXISTS')
      return newUserPage(context, 409, form, new Map([['userName', [error.message]]]));
    if (error.id !== 'REQUEST-INVALID') throw error;
    newUserPage(context, 400, form, violationsByField(error));
  }
}
