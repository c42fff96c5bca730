import { html, renderPage, type Language, type SafeHtml } from './page-kit.js';
import { wordsOf } from './words.js';

/** The step of a sign-in a page asks for. */
export type Step = 'user-name' | 'password' | 'otp' | 'new-password';

export interface StepPage {
  language: Language;
  step: Step;
  /** The interaction's pages: `/ui/login/<uid>`. */
  action: string;
  csrfToken: string;
  /** The user name given in the first step, shown on the later ones. */
  userName?: string;
  /** What went wrong with the last submission, said to the person. */
  error?: string;
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
  return renderPage(
    page.language,
    title,
    html`${who}
      <form method="post" action="${page.action}/${page.step}" novalidate>
        <input type="hidden" name="_csrf" value="${page.csrfToken}" />
        ${fields(page.step, page.language)} ${error}
        <div class="actions"><button type="submit">${words.next}</button></div>
      </form>`,
  );
}

function fields(step: Step, language: Language): SafeHtml {
  const words = wordsOf(language);
  switch (step) {
    case 'user-name':
      return field('userName', words.userName, 'text', 'username', true);
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

function field(
  name: string,
  label: string,
  type: string,
  autocomplete: string,
  autofocus = false,
  inputmode?: string,
): SafeHtml {
  return html`<div class="field">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      type="${type}"
      autocomplete="${autocomplete}"
      ${autofocus ? html`autofocus` : ''}
      ${inputmode ? html`inputmode="${inputmode}"` : ''}
    />
  </div>`;
}

/** A page that only says something (an expired interaction). */
export function messagePage(language: Language, message: string): string {
  return renderPage(language, wordsOf(language).signIn, html`<p class="error">${message}</p>`);
}
