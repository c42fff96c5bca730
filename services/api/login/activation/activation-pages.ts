import { html, type SafeHtml } from '../kit/page-kit.js';
import type { ActivationWords } from './activation-words.js';

/** Where the activation pages live: the initialization email's link and the forms' targets. */
export const ACTIVATION_PATH = '/ui/login/init';
export const RESEND_PATH = `${ACTIVATION_PATH}/resend`;
/** Where a person with an active account signs in: the profile page starts the sign-in. */
const SIGN_IN_PATH = '/ui/profile';

export function activeBody(words: ActivationWords): SafeHtml {
  return html`<p>${words.active}</p>
    <p><a href="${SIGN_IN_PATH}">${words.signIn}</a></p>`;
}
