import type { PasswordPolicy } from '../../../../shared/config/config.js';
import type { Language } from '../pages/page-kit.js';

/** Everything the activation pages say, in each language they speak. */
export interface ActivationWords {
  title: string;
  intro: string;
  password: string;
  confirmation: string;
  activate: string;
  mismatch: string;
  policy(policy: PasswordPolicy): string;
  activeTitle: string;
  active: string;
  signIn: string;
  goneTitle: string;
  gone: string;
  login: string;
  send: string;
  sentTitle: string;
  sent: string;
  limitedTitle: string;
  limited: string;
  expiredFormTitle: string;
  expiredForm: string;
}

/** The policy's needs as a list in words: "a, b and c". */
function listed(needs: (string | false)[], and: string): string {
  const words = needs.filter((need): need is string => Boolean(need));
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;
}

const en: ActivationWords = {
  title: 'Activate your account',
  intro: 'Choose a password to activate your account.',
  password: 'New password',
  confirmation: 'New password again',
  activate: 'Activate account',
  mismatch: 'The two passwords are not the same.',
  policy: (p) => {
    const needs = listed(
      [
        p.requireLowercase && 'a lower-case letter',
        p.requireUppercase && 'an upper-case letter',
        p.requireDigit && 'a digit',
        p.requireSymbol && 'a symbol',
      ],
      'and',
    );
    return `At least ${p.minLength} characters${needs ? `, with ${needs}` : ''}.`;
  },
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
  policy: (p) => {
    const needs = listed(
      [
        p.requireLowercase && 'einem Kleinbuchstaben',
        p.requireUppercase && 'einem Großbuchstaben',
        p.requireDigit && 'einer Ziffer',
        p.requireSymbol && 'einem Sonderzeichen',
      ],
      'und',
    );
    return `Mindestens ${p.minLength} Zeichen${needs ? `, mit ${needs}` : ''}.`;
  },
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
