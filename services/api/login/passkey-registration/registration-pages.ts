import type { RegistrationLink } from '../../accounts/passkeys/passkeys.js';
import { html, type SafeHtml } from '../kit/page-kit.js';
import type { RegistrationWords } from './registration-words.js';

/** The passwordless registration link's page, and where its script and forms post. */
export const REGISTRATION_PATH = '/ui/login/passwordless/init';
export const OPTIONS_PATH = '/ui/login/passwordless/options';
export const REGISTER_PATH = '/ui/login/passwordless/register';
export const NEW_LINK_PATH = '/ui/login/passwordless/resend';
export const SCRIPT_PATH = '/ui/login/passwordless/register.js';

/**
 * The page that registers a passkey: the link's fields and the CSRF token ride on the form for
 * the script (passkey-register.ts), which runs the ceremony and says how it went in `#message`.
 */
export function registrationForm(
  words: RegistrationWords,
  link: RegistrationLink,
  csrf: string,
): SafeHtml {
  return html`<p>${words.intro}</p>
    <form
      id="passkey-registration"
      data-user-id="${link.userId}"
      data-org-id="${link.orgId}"
      data-code-id="${link.codeId}"
      data-code="${link.code}"
      data-csrf="${csrf}"
      data-messages="${JSON.stringify(words.messages)}"
      novalidate
    >
      <div class="field">
        <label for="passkeyName">${words.name}</label>
        <input
          id="passkeyName"
          name="name"
          maxlength="100"
          placeholder="${words.namePlaceholder}"
        />
      </div>
      <div class="actions"><button type="submit" id="register">${words.register}</button></div>
    </form>
    <p id="message" role="alert"></p>
    <script src="${SCRIPT_PATH}"></script>`;
}
