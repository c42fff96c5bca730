import type { Language, NewLinkWords } from '../kit/page-kit.js';
import { POLICY_WORDS, type PolicyWords } from '../kit/password-policy-words.js';

/** Everything the activation pages say, in each language they speak. */
export interface ActivationWords extends NewLinkWords {
  title: string;
  intro: string;
  password: string;
  confirmation: string;
  activate: string;
  mismatch: string;
  /** The password policy's words. */
  policy: PolicyWords;
  activeTitle: string;
  active: string;
  signIn: string;
}

const en: ActivationWords = {
  title: 'Activate your account',
  intro: 'Choose a password to activate your account.',
  password: 'New password',
  confirmation: 'New password again',
  activate: 'Activate account',
  mismatch: 'The two passwords are not the same.',
  policy: POLICY_WORDS.en,
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
  policy: POLICY_WORDS.de,
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
