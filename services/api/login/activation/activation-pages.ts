import type { PasswordPolicy } from '../../../../shared/config/config.js';
import { html, type SafeHtml } from '../kit/page-kit.js';
import { policyInWords } from '../kit/password-policy-words.js';
import type { ActivationWords } from './activation-words.js';

/** Where the activation pages live: the initialization email's link and the forms' targets. */
export const ACTIVATION_PATH = '/ui/login/init';
export const RESEND_PATH = `${ACTIVATION_PATH}/resend`;
/** Where a person with an active account signs in: the profile page starts the sign-in. */
const SIGN_IN_PATH = '/ui/profile';

/** The form that sets the password; the link's user and code travel with it. */
export function passwordForm(
  words: ActivationWords,
  policy: PasswordPolicy,
  form: { userId: string; code: string; csrf: string; error?: string },
): SafeHtml {
  return html`<p>${words.intro}</p>
    ${form.error ? html`<p class="error" role="alert">${form.error}</p>` : ''}
    <form method="post" action="${ACTIVATION_PATH}">
      <input type="hidden" name="_csrf" value="${form.csrf}" />
      <input type="hidden" name="userID" value="${form.userId}" />
      <input type="hidden" name="code" value="${form.code}" />
      <label
        >${words.password}
        <input type="password" name="password" autocomplete="new-password" required />
      </label>
      <label
        >${words.confirmation}
        <input type="password" name="confirmation" autocomplete="new-password" required />
      </label>
      <p class="hint">${policyInWords(words.policy, policy)}</p>
      <button type="submit">${words.activate}</button>
    </form>`;
}

export function activeBody(words: ActivationWords): SafeHtml {
  return html`<p>${words.active}</p>
    <p><a href="${SIGN_IN_PATH}">${words.signIn}</a></p>`;
}
