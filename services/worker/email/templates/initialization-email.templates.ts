import type { UserCodeKind } from '../../../../shared/db/entities/user-code.entity.js';
import type { InitializationEmailWording } from './email-wording.js';
import { englishInitializationEmail } from './initialization-email.en.js';
import { germanInitializationEmail } from './initialization-email.de.js';
import { EMAIL_VERIFICATION_WORDINGS, PASSWORDLESS_WORDINGS } from './passwordless-email.js';
import { PASSWORD_RESET_WORDINGS } from './password-reset-email.js';

/** What a template may use. In `html` form every value is escaped already. */
interface InitializationEmailVariables {
  /** How the greeting addresses the user: the first name, or the display name without one. */
  name: string;
  /** The activation link carrying the code. */
  link: string;
}

interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function layout(
  words: InitializationEmailWording,
  raw: InitializationEmailVariables,
  html: InitializationEmailVariables,
): RenderedEmail {
  const text = [words.greeting(raw.name), '', ...words.textIntro, '', raw.link, '', words.closing];
  return {
    subject: words.subject,
    text: text.join('\n'),
    html: `<!DOCTYPE html>
<html lang="${words.language}">
  <body style="font-family: sans-serif; line-height: 1.5">
    <p>${words.greeting(html.name)}</p>
    <p>${words.htmlIntro}</p>
    <p><a href="${html.link}" style="display: inline-block; padding: 10px 18px; background: #1a56db; color: #ffffff; text-decoration: none; border-radius: 4px">${words.button}</a></p>
    <p>${words.fallback}<br>${html.link}</p>
    <p>${words.closing}</p>
  </body>
</html>
`,
  };
}

/** By primary language subtag (BCP 47, lower case). */
const WORDINGS: Record<string, InitializationEmailWording> = {
  en: englishInitializationEmail,
  de: germanInitializationEmail,
};

interface InitializationEmailInput {
  /** The user's preferredLanguage (BCP 47, e.g. `de-CH`); English when null or unknown. */
  language: string | null;
  displayName: string;
  firstName: string;
  link: string;
  /**
   * What the link is for: activation (the default), registering a passkey, verifying an
   * address, or setting a new password.
   */
  kind?: UserCodeKind;
}

/** The words of each kind of link's email. */
const WORDINGS_OF: Record<UserCodeKind, Record<string, InitializationEmailWording>> = {
  initialization: WORDINGS,
  passwordless_registration: PASSWORDLESS_WORDINGS,
  email_verification: EMAIL_VERIFICATION_WORDINGS,
  password_reset: PASSWORD_RESET_WORDINGS,
};

export function renderInitializationEmail(input: InitializationEmailInput): RenderedEmail {
  const wordings = WORDINGS_OF[input.kind ?? 'initialization'];
  const words = wordings[primarySubtag(input.language)] ?? wordings.en!;
  const raw = { name: input.firstName.trim() || input.displayName.trim(), link: input.link };
  return layout(words, raw, { name: escapeHtml(raw.name), link: escapeHtml(raw.link) });
}

/** `de-CH` and `de_ch` both speak German: a regional variant falls back to its language. */
function primarySubtag(language: string | null): string {
  return (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Enough for text and quoted attribute values, the only places the layout puts variables. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
