import type { ProjectRefusal } from '../../accounts/project-access.js';
import type { Brand } from '../kit/branding.js';
import { html, renderPage, type Language, type SafeHtml } from '../kit/page-kit.js';
import { brokeredWords } from './brokered-words.js';
import { PASSKEY_SIGN_IN_WORDS } from './passkey-words.js';
import { wordsOf } from './words.js';

import type { PasswordStep, Step } from '../../accounts/sign-in-steps.js';

export type { PasswordStep, Step };

/** An identity provider the first step offers: its name and where its button's form posts. */
export interface ProviderButton {
  name: string;
  action: string;
}

export interface StepPage {
  language: Language;
  step: PasswordStep;
  /** The interaction's pages: `/ui/login/<uid>`. */
  action: string;
  csrfToken: string;
  /** The user name given in the first step, shown on the later ones. */
  userName?: string;
  /** What went wrong with the last submission, said to the person. */
  error?: string;
  /** The password policy in words, for the step that asks for a new password. */
  policy?: string;
  /** The label policy the contract's rule picks for this step. */
  brand?: Brand;
  /** The identity providers offered on the first step: a button each. */
  providers?: ProviderButton[];
  /**
   * False where the login policy the sign-in follows allows no user name and password: the user
   * name and password steps show no form but say so (the first step still offers passkeys and
   * the identity providers).
   */
  passwordAllowed?: boolean;
  /**
   * Why this sign-in is asked for, above the form: to link a provider's identity to the
   * account (then the first step offers neither passkeys nor providers).
   */
  notice?: string;
}

/** The form of one step of the sign-in. */
export function stepPage(page: StepPage): string {
  const words = wordsOf(page.language);
  const title = {
    'user-name': words.signIn,
    password: words.signIn,
    otp: words.otpTitle,
    'new-password': words.newPasswordTitle,
  }[page.step];
  const error = page.error && html`<p class="error" role="alert">${page.error}</p>`;
  const who =
    page.userName !== undefined &&
    html`<p class="hint">
      ${page.userName} · <a href="${page.action}/restart">${words.notAnother}</a>
    </p>`;
  const first = page.step === 'user-name' && !page.notice;
  const form =
    page.passwordAllowed === false
      ? error || html`<p id="no-password" class="hint">${words.passwordNotAllowed}</p>`
      : html`<form method="post" action="${page.action}/${page.step}" novalidate>
            <input type="hidden" name="_csrf" value="${page.csrfToken}" />
            ${fields(page.step, page.language)}
            ${page.policy && html`<p class="hint">${page.policy}</p>`} ${error}
            <div class="actions"><button type="submit">${words.next}</button></div>
          </form>
          ${
            page.step === 'password' &&
            html`<p class="hint" id="forgot-password">
              <a href="${page.action}/password/forgot">${words.forgotPassword}</a>
            </p>`
          }`;
  return renderPage(
    page.language,
    title,
    html`${page.notice && html`<p id="notice">${page.notice}</p>`} ${who} ${form}
    ${first ? passkeyPanel(page) : ''} ${first ? providerPanel(page) : ''}`,
    page.brand,
  );
}

/** A button per offered identity provider: each a form that posts the CSRF token and starts. */
function providerPanel(page: StepPage): SafeHtml | '' {
  const providers = page.providers ?? [];
  if (providers.length === 0) return '';
  // "Or sign in with" follows a form; without one the buttons stand alone.
  const or = page.passwordAllowed !== false;
  return html`<section id="providers">
    ${or ? html`<p class="hint">${brokeredWords(page.language).orWith}</p>` : ''}
    ${providers.map(
      (provider) =>
        html`<form method="post" action="${provider.action}">
          <input type="hidden" name="_csrf" value="${page.csrfToken}" />
          <div class="actions">
            <button type="submit" class="secondary">
              ${brokeredWords(page.language, provider.name).signInWith}
            </button>
          </div>
        </form>`,
    )}
  </section>`;
}

/**
 * "Sign in with a passkey", for the first step: the script (passkey-routes.ts serves it) runs the
 * ceremony from the button, and from the start through the user name field's autofill.
 */
function passkeyPanel(page: StepPage): SafeHtml {
  const words = PASSKEY_SIGN_IN_WORDS[page.language];
  return html`<section
      id="passkey"
      data-action="${page.action}"
      data-csrf="${page.csrfToken}"
      data-messages="${JSON.stringify(words.messages)}"
    >
      <div class="actions">
        <button type="button" id="passkey-sign-in" class="secondary">${words.button}</button>
      </div>
      <p id="passkey-message" class="error" role="alert"></p>
    </section>
    <script src="${page.action.replace(/\/[^/]*$/, '')}/passkey-sign-in.js"></script>`;
}

function fields(step: PasswordStep, language: Language): SafeHtml {
  const words = wordsOf(language);
  switch (step) {
    case 'user-name':
      // `webauthn`: the browser may offer passkeys in the field's autofill (conditional UI).
      return field('userName', words.userName, 'text', 'username webauthn', true);
    case 'password':
      return field('password', words.password, 'password', 'current-password', true);
    case 'otp':
      return html`${field('code', words.otp, 'text', 'one-time-code', true, 'numeric')}`;
    case 'new-password':
      return html`<p>${words.newPasswordWhy}</p>
        ${field('newPassword', words.newPassword, 'password', 'new-password', true)}
        ${field('repeatPassword', words.repeatPassword, 'password', 'new-password')}`;
  }
}

/**
 * The end of a sign-in the application's project refuses: why, in the person's language, and the
 * way back to the application (which hears `access_denied`).
 */
export function refusedPage(
  language: Language,
  refusal: ProjectRefusal,
  { action, csrfToken, brand }: { action: string; csrfToken: string; brand: Brand },
): string {
  const words = wordsOf(language);
  return renderPage(
    language,
    words.refusedTitle,
    html`<p class="error" role="alert">${words[refusal]}</p>
      <form method="post" action="${action}">
        <input type="hidden" name="_csrf" value="${csrfToken}" />
        <div class="actions"><button type="submit">${words.backToApplication}</button></div>
      </form>`,
    brand,
  );
}

/** A page that only says something (an expired interaction). */
export function messagePage(language: Language, message: string): string {
  return renderPage(language, wordsOf(language).signIn, html`<p class="error">${message}</p>`);
}

export function field(
  name: string,
  label: string,
  type: string,
  autocomplete: string,
  autofocus = false,
  inputmode?: string,
  value?: string,
): SafeHtml {
  return html`<div class="field">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      type="${type}"
      autocomplete="${autocomplete}"
      ${value !== undefined ? html`value="${value}"` : ''}
      ${autofocus ? html`autofocus` : ''}
      ${inputmode ? html`inputmode="${inputmode}"` : ''}
    />
  </div>`;
}
