import type { PasswordPolicy } from '../../../../shared/config/config.js';
import type { Language, NewLinkWords } from '../pages/page-kit.js';

/** Everything the activation pages say, in each language they speak. */
export interface ActivationWords extends NewLinkWords {
  title: string;
  intro: string;
  password: string;
  confirmation: string;
  activate: string;
  mismatch: string;
  /** The password policy's needs, each as the list of them says it. */
  needs: { lowercase: string; uppercase: string; digit: string; symbol: string };
  and: string;
  /** The policy in a sentence: the length, then `needs` listed ('' for none). */
  atLeast(length: number, needs: string): string;
  activeTitle: string;
  active: string;
  signIn: string;
}

/** The password policy in the page's words: "At least 8 characters, with a, b and c." */
export function policyInWords(words: ActivationWords, policy: PasswordPolicy): string {
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

const en: ActivationWords = {
  title: 'Activate your account',
  intro: 'Choose a password to activate your account.',
  password: 'New password',
  confirmation: 'New password again',
  activate: 'Activate account',
  mismatch: 'The two passwords are not the same.',
  needs: {
    lowercase: 'a lower-case letter',
    uppercase: 'an upper-case letter',
    digit: 'a digit',
    symbol: 'a symbol',
  },
  and: 'and',
  atLeast: (length, needs) => `At least ${length} characters${needs ? `, with ${needs}` : ''}.`,
  activeTitle: 'Your account is active',
  active: 'Your password is set and your email address is verified. You can sign in now.',
  signIn: 'Sign in',
  goneTitle: 'This link no longer works',
  gone: 'The link has expired, has been used already, or is incomplete. We can send you a new email.',
  login: 'User name or email address',
  send: 'Send a new email',
  sentTitle: 'Check your email',
  sent: 'If an account that still needs to be activated goes by this name, a new email is on its way to its address.',
  limitedTitle: 'Too many requests',
  limited: 'Please wait a while and try again.',
  expiredFormTitle: 'Please try again',
  expiredForm: 'The form has expired. Please open the link from your email again.',
};

const de: ActivationWords = {
  title: 'Konto aktivieren',
  intro: 'Wählen Sie ein Passwort, um Ihr Konto zu aktivieren.',
  password: 'Neues Passwort',
  confirmation: 'Neues Passwort wiederholen',
  activate: 'Konto aktivieren',
  mismatch: 'Die beiden Passwörter stimmen nicht überein.',
  needs: {
    lowercase: 'einem Kleinbuchstaben',
    uppercase: 'einem Großbuchstaben',
    digit: 'einer Ziffer',
    symbol: 'einem Sonderzeichen',
  },
  and: 'und',
  atLeast: (length, needs) => `Mindestens ${length} Zeichen${needs ? `, mit ${needs}` : ''}.`,
  activeTitle: 'Ihr Konto ist aktiv',
  active:
    'Ihr Passwort ist gesetzt und Ihre E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.',
  signIn: 'Anmelden',
  goneTitle: 'Dieser Link gilt nicht mehr',
  gone: 'Der Link ist abgelaufen, wurde schon verwendet oder ist unvollständig. Wir können Ihnen eine neue E-Mail senden.',
  login: 'Benutzername oder E-Mail-Adresse',
  send: 'Neue E-Mail senden',
  sentTitle: 'Bitte sehen Sie in Ihre E-Mails',
  sent: 'Wenn ein Konto, das noch aktiviert werden muss, so heißt, ist eine neue E-Mail an seine Adresse unterwegs.',
  limitedTitle: 'Zu viele Anfragen',
  limited: 'Bitte warten Sie eine Weile und versuchen Sie es dann noch einmal.',
  expiredFormTitle: 'Bitte noch einmal',
  expiredForm:
    'Das Formular ist abgelaufen. Bitte öffnen Sie den Link aus Ihrer E-Mail noch einmal.',
};

export const ACTIVATION_WORDS: Record<Language, ActivationWords> = { en, de };
