import type { ExternalIdentity } from '../../accounts/external-identities.js';
import type { Brand } from '../kit/branding.js';
import { html, renderPage, type Language, type SafeHtml } from '../kit/page-kit.js';
import { brokeredWords } from './brokered-words.js';
import { field } from './sign-in-pages.js';
import { wordsOf } from './words.js';

/** What every page of a brokered sign-in is drawn with. */
export interface BrokeredPage {
  language: Language;
  /** The interaction's pages: `/ui/login/<uid>`. */
  action: string;
  csrfToken: string;
  brand?: Brand;
}

/** A form of one button that posts to `action`. */
function buttonForm(action: string, csrfToken: string, label: string, secondary = false) {
  return html`<form method="post" action="${action}">
    <input type="hidden" name="_csrf" value="${csrfToken}" />
    <div class="actions">
      <button type="submit" ${secondary ? html`class="secondary"` : ''}>${label}</button>
    </div>
  </form>`;
}

/** No account is linked to the identity: link an existing one, or make one. */
export function choicePage(page: BrokeredPage, identity: ExternalIdentity): string {
  const words = brokeredWords(page.language, identity.idpName);
  return renderPage(
    page.language,
    words.choiceTitle,
    html`<p>${words.choice}</p>
      ${buttonForm(`${page.action}/link-account`, page.csrfToken, words.linkExisting)}
      ${buttonForm(`${page.action}/create-account`, page.csrfToken, words.createAccount, true)}
      ${startAgain(page)}`,
    page.brand,
  );
}

/** The fields of the form that makes an account, and their longest values. */
export const REGISTER_FIELDS = { userName: 200, firstName: 200, lastName: 200, email: 320 };

export type RegisterValues = { [Name in keyof typeof REGISTER_FIELDS]: string };

/**
 * The form that makes an account from the identity, prefilled with what the provider said (or
 * what the person sent), the fields the last submission got wrong marked.
 */
export function registerPage(
  page: BrokeredPage,
  identity: ExternalIdentity,
  values: RegisterValues,
  wrong: { field: keyof RegisterValues; taken?: boolean }[] = [],
): string {
  const words = brokeredWords(page.language, identity.idpName);
  const labels: Record<keyof RegisterValues, string> = {
    userName: wordsOf(page.language).userName,
    firstName: words.firstName,
    lastName: words.lastName,
    email: words.email,
  };
  const autocomplete = {
    userName: 'username',
    firstName: 'given-name',
    lastName: 'family-name',
    email: 'email',
  };
  const inputs = (Object.keys(REGISTER_FIELDS) as (keyof RegisterValues)[]).map((name) => {
    const error = wrong.find((one) => one.field === name);
    const type = name === 'email' ? 'email' : 'text';
    return html`${field(name, labels[name], type, autocomplete[name], false, undefined, values[name])}
    ${error && html`<p class="error" role="alert">${error.taken ? words.nameTaken : words.invalidField}</p>`}`;
  });
  return renderPage(
    page.language,
    words.registerTitle,
    html`<p>${words.registerWhy}</p>
      <form method="post" action="${page.action}/idp-register" novalidate>
        <input type="hidden" name="_csrf" value="${page.csrfToken}" />
        ${inputs}
        <div class="actions"><button type="submit">${words.create}</button></div>
      </form>
      ${startAgain(page)}`,
    page.brand,
  );
}

/** Why a sign-in through a provider stopped, and (within an interaction) the way to start again. */
export function brokerRefusalPage(
  language: Language,
  message: keyof ReturnType<typeof brokeredWords>,
  page?: Pick<BrokeredPage, 'action' | 'brand'>,
): string {
  const words = brokeredWords(language);
  return renderPage(
    language,
    wordsOf(language).errorTitle,
    html`<p class="error" role="alert">${words[message]}</p>
      ${page && startAgain({ ...page, language })}`,
    page?.brand,
  );
}

function startAgain(page: Pick<BrokeredPage, 'action' | 'language'>): SafeHtml {
  return html`<p class="hint">
    <a href="${page.action}/restart">${brokeredWords(page.language).startAgain}</a>
  </p>`;
}
