import type { PasswordPolicy } from '../../../../shared/config/config.js';
import type { Language } from './page-kit.js';

/** How the pages say the password policy: its needs, each as a list of them says it. */
export interface PolicyWords {
  needs: { lowercase: string; uppercase: string; digit: string; symbol: string };
  and: string;
  /** The policy in a sentence: the length, then the needs listed ('' for none). */
  atLeast(length: number, needs: string): string;
}

export const POLICY_WORDS: Record<Language, PolicyWords> = {
  en: {
    needs: {
      lowercase: 'a lower-case letter',
      uppercase: 'an upper-case letter',
      digit: 'a digit',
      symbol: 'a symbol',
    },
    and: 'and',
    atLeast: (length, needs) => `At least ${length} characters${needs ? `, with ${needs}` : ''}.`,
  },
  de: {
    needs: {
      lowercase: 'einem Kleinbuchstaben',
      uppercase: 'einem Großbuchstaben',
      digit: 'einer Ziffer',
      symbol: 'einem Sonderzeichen',
    },
    and: 'und',
    atLeast: (length, needs) => `Mindestens ${length} Zeichen${needs ? `, mit ${needs}` : ''}.`,
  },
};

/**
 * The password policy in the language's words, "At least 8 characters, with a, b and c.", for
 * every page that asks for a new password (activation, a required change at sign-in).
 */
export function policyInWords(words: PolicyWords, policy: PasswordPolicy): string {
  const needs = [
    policy.requireLowercase && words.needs.lowercase,
    policy.requireUppercase && words.needs.uppercase,
    policy.requireDigit && words.needs.digit,
    policy.requireSymbol && words.needs.symbol,
  ].filter((need): need is string => Boolean(need));
  const listed =
    needs.length <= 1
      ? (needs[0] ?? '')
      : `${needs.slice(0, -1).join(', ')} ${words.and} ${needs.at(-1)}`;
  return words.atLeast(policy.minLength, listed);
}
