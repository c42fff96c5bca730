import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { getUserByIDOperation } from '../../operations/get-user-by-id/get-user-by-id.operation.js';
import type { Operation } from '../../operations/operation.js';
import { updateHumanProfileOperation } from '../../operations/update-human-profile/update-human-profile.operation.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, afterWrite, ifMatchOf, violationsByField } from '../console-writes.js';
import { userPath } from './user-page.js';
import { USER_WORDS } from './user-words.js';

const GENDERS = ['GENDER_UNSPECIFIED', 'GENDER_FEMALE', 'GENDER_MALE', 'GENDER_DIVERSE'] as const;

/** The form's fields, each its longest value: longer than the API takes, so that it says so. */
const FIELDS = {
  firstName: 300,
  lastName: 300,
  nickName: 300,
  displayName: 300,
  preferredLanguage: 40,
  gender: 30,
  version: 20,
} as const;

type ProfileForm = Record<keyof typeof FIELDS, string>;

/**
 * A person's profile form (UpdateHumanProfile), made from the version shown (If-Match): a change
 * someone else made meanwhile is not overwritten (the console's conflict page offers to reload).
 */
export async function profileFormPage(
  context: ConsoleContext,
  status = 200,
  posted?: ProfileForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = USER_WORDS[context.language];
  const id = String(context.request.params.id);
  const { user } = await context.call(getUserByIDOperation, { id }, afterOf(context));
  if (!user.human) throw new ServiceError('USER-NOT-FOUND');
  const { profile } = user.human;
  const shown: ProfileForm = posted ?? {
    firstName: profile.firstName,
    lastName: profile.lastName,
    nickName: profile.nickName ?? '',
    displayName: profile.displayName,
    preferredLanguage: profile.preferredLanguage ?? '',
    gender: profile.gender,
    version: user.details.sequence,
  };
  const { byField, rest } = fieldViolations(violations, Object.keys(FIELDS));
  const text = (name: keyof typeof FIELDS, label: string, required = false) =>
    formField({
      name,
      label,
      value: shown[name],
      required,
      violations: byField.get(name),
    });
  const body = html`<form method="post" action="${userPath(id)}/_profile" class="narrow">
    ${csrfField(context)}
    <input type="hidden" name="version" value="${shown.version}" />
    ${rest} ${text('firstName', words.firstName, true)} ${text('lastName', words.lastName, true)}
    ${text('displayName', words.displayName)} ${text('nickName', words.nickName)}
    ${text('preferredLanguage', words.language)}
    <div class="field">
      <label for="field-gender">${words.gender}</label>
      <select id="field-gender" name="gender">
        ${GENDERS.map(
          (gender) =>
            html`<option value="${gender}" ${gender === shown.gender && html`selected`}>
              ${words.genders[gender]}
            </option>`,
        )}
      </select>
    </div>
    <div class="actions">
      <button type="submit">${context.words.save}</button>
      <a class="button secondary" href="${userPath(id)}">${context.words.cancel}</a>
    </div>
  </form>`;
  const name = profile.displayName || user.userName;
  sendPage(context, status, consolePage(context, words.editProfileOf(name), body, 'users'));
}

/** The profile form posted: UpdateHumanProfile If-Match the version it was made from. */
export async function profileAction(context: ConsoleContext): Promise<void> {
  const userId = String(context.request.params.id);
  const form = formOf(context.request, FIELDS);
  try {
    const written = (await context.call(
      updateHumanProfileOperation as Operation<never, unknown>,
      {
        userId,
        firstName: form.firstName,
        lastName: form.lastName,
        displayName: form.displayName,
        nickName: form.nickName,
        ...(form.preferredLanguage && { preferredLanguage: form.preferredLanguage }),
        gender: (GENDERS as readonly string[]).includes(form.gender)
          ? form.gender
          : 'GENDER_UNSPECIFIED',
      },
      ifMatchOf(context),
    )) as { details: { sequence: string } };
    context.response.redirect(303, afterWrite(userPath(userId), written, 'profile'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await profileFormPage(context, 400, form, violationsByField(error));
  }
}
