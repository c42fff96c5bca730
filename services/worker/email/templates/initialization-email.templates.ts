import { englishInitializationEmail } from './initialization-email.en.js';
import { germanInitializationEmail } from './initialization-email.de.js';

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

/**
 * One language's email. It gets the variables twice, raw for the subject and the text and
 * escaped for the HTML, so no template can forget to escape a user's name.
 */
export type InitializationEmailTemplate = (
  raw: InitializationEmailVariables,
  html: InitializationEmailVariables,
) => RenderedEmail;

/** By primary language subtag (BCP 47, lower case). */
const TEMPLATES: Record<string, InitializationEmailTemplate> = {
  en: englishInitializationEmail,
  de: germanInitializationEmail,
};

interface InitializationEmailInput {
  /** The user's preferredLanguage (BCP 47, e.g. `de-CH`); English when null or unknown. */
  language: string | null;
  displayName: string;
  firstName: string;
  link: string;
}

export function renderInitializationEmail(input: InitializationEmailInput): RenderedEmail {
  const template = TEMPLATES[primarySubtag(input.language)] ?? englishInitializationEmail;
  const raw = { name: input.firstName.trim() || input.displayName.trim(), link: input.link };
  return template(raw, { name: escapeHtml(raw.name), link: escapeHtml(raw.link) });
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

/** Enough for text and quoted attribute values, the only places the templates put variables. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
