import { html, languageOf, renderPage, SafeHtml } from '../kit/page-kit.js';
import { wordsOf } from './words.js';

/** The provider's own pages (sign-out question, signed out, errors) in the sign-in pages' look. */

export function signOutPage(acceptLanguage: string | undefined, form: string): string {
  const language = languageOf(acceptLanguage);
  const words = wordsOf(language);
  // `form` is the provider's hidden form (its action and CSRF field), trusted markup.
  return renderPage(
    language,
    words.signOutTitle,
    html`<p>${words.signOutAsk}</p>
      ${new SafeHtml(form)}
      <div class="actions">
        <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">
          ${words.signOutYes}
        </button>
        <button type="submit" form="op.logoutForm" class="secondary">${words.signOutNo}</button>
      </div>`,
  );
}

export function signedOutPage(acceptLanguage: string | undefined): string {
  const language = languageOf(acceptLanguage);
  const words = wordsOf(language);
  return renderPage(language, words.signOutTitle, html`<p>${words.signedOut}</p>`);
}

/** The OAuth error and its description (never a secret), as the provider reports it. */
export function errorPage(
  acceptLanguage: string | undefined,
  out: { error: string; error_description?: string },
): string {
  const language = languageOf(acceptLanguage);
  return renderPage(
    language,
    wordsOf(language).errorTitle,
    html`<p class="error" role="alert">${out.error}: ${out.error_description ?? ''}</p>`,
  );
}
