import { INTERACTION_PREFIX } from '../../oidc/oidc-paths.js';
import { loginForm } from '../kit/new-link-flow.js';
import { html, type SafeHtml } from '../kit/page-kit.js';
import type { PasswordResetWords } from './password-reset-words.js';

/** The "Forgot password?" page, and where its form posts. */
export const FORGOT_PATH = `${INTERACTION_PREFIX}/password/forgot`;
/** The page the reset email's link opens (`?userID&code`, `&interaction` within a sign-in). */
export const RESET_PATH = `${INTERACTION_PREFIX}/password/reset`;
/** Where a sign-in's "Forgot password?" link goes: the form, carrying the sign-in along. */
export const forgotPathOf = (interaction: string) =>
  `${INTERACTION_PREFIX}/${interaction}/password/forgot`;
/**
 * Where the reset form of a link that continues a sign-in posts: under the interaction's path,
 * so that the browser sends that sign-in's cookie with it (the provider scopes it to that path).
 */
export const resetPathOf = (interaction: string) =>
  `${INTERACTION_PREFIX}/${interaction}/password/reset`;
/** Where a person whose password is changed signs in: the profile page starts the sign-in. */
const SIGN_IN_PATH = '/ui/profile';

/**
 * An interaction's id as the provider makes them, or undefined: whatever else a form or a link
 * carries is dropped, so it goes into no event, email or address.
 */
export function interactionIdOf(value: string): string | undefined {
  return /^[A-Za-z0-9_-]{10,64}$/.test(value) ? value : undefined;
}

/** The "Forgot password?" form; within a sign-in it carries the interaction along. */
export function forgotBody(
  words: PasswordResetWords,
  csrf: string,
  interaction: string | undefined,
): SafeHtml {
  return html`<p>${words.forgotIntro}</p>
    ${loginForm(words, csrf, FORGOT_PATH, interaction ? { interaction } : {})}`;
}

/** Where the reset form of a link posts: under its sign-in's path when it continues one. */
export function resetActionOf(link: { interaction?: string }): string {
  return link.interaction ? resetPathOf(link.interaction) : RESET_PATH;
}

export function changedBody(words: PasswordResetWords): SafeHtml {
  return html`<p>${words.changed}</p>
    <p><a href="${SIGN_IN_PATH}">${words.signIn}</a></p>`;
}
