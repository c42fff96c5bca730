import type { NewPasswordWords } from '../kit/new-password-form.js';
import type { Language, NewLinkWords } from '../kit/page-kit.js';
import { POLICY_WORDS } from '../kit/password-policy-words.js';

/** Everything the password reset pages say, in each language they speak. */
export interface PasswordResetWords extends NewLinkWords, NewPasswordWords {
  forgotTitle: string;
  forgotIntro: string;
  save: string;
  changedTitle: string;
  changed: string;
  signIn: string;
}

const en: PasswordResetWords = {
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter your user name or email address. We will send a link to choose a new password to the verified email address of the account.',
  title: 'Choose a new password',
  intro: 'Choose the new password of your account.',
  password: 'New password',
  confirmation: 'New password again',
  save: 'Set the new password',
  mismatch: 'The two passwords are not the same.',
  policy: POLICY_WORDS.en,
  changedTitle: 'Your password is changed',
  changed: 'Your new password is set, and you are signed out everywhere else. You can sign in now.',
  signIn: 'Sign in',
  goneTitle: 'This link no longer works',
  gone: 'The link has expired, has been used already, or is incomplete. We can send you a new email.',
  login: 'User name or email address',
  send: 'Send the email',
  sentTitle: 'Check your email',
  sent: 'If an account goes by this name, an email with a link to choose a new password is on its way to its address.',
  limitedTitle: 'Too many requests',
  limited: 'Please wait a while and try again.',
  expiredFormTitle: 'Please try again',
  expiredForm: 'The form has expired. Please open the page again.',
};

const de: PasswordResetWords = {
  forgotTitle: 'Passwort vergessen?',
  forgotIntro:
    'Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein. Wir senden einen Link, mit dem Sie ein neues Passwort wählen, an die bestätigte E-Mail-Adresse des Kontos.',
  title: 'Neues Passwort wählen',
  intro: 'Wählen Sie das neue Passwort Ihres Kontos.',
  password: 'Neues Passwort',
  confirmation: 'Neues Passwort wiederholen',
  save: 'Neues Passwort setzen',
  mismatch: 'Die beiden Passwörter stimmen nicht überein.',
  policy: POLICY_WORDS.de,
  changedTitle: 'Ihr Passwort ist geändert',
  changed:
    'Ihr neues Passwort ist gesetzt, und Sie sind überall sonst abgemeldet. Sie können sich jetzt anmelden.',
  signIn: 'Anmelden',
  goneTitle: 'Dieser Link gilt nicht mehr',
  gone: 'Der Link ist abgelaufen, wurde schon verwendet oder ist unvollständig. Wir können Ihnen eine neue E-Mail senden.',
  login: 'Benutzername oder E-Mail-Adresse',
  send: 'E-Mail senden',
  sentTitle: 'Bitte sehen Sie in Ihre E-Mails',
  sent: 'Wenn ein Konto so heißt, ist eine E-Mail mit einem Link, mit dem Sie ein neues Passwort wählen, an seine Adresse unterwegs.',
  limitedTitle: 'Zu viele Anfragen',
  limited: 'Bitte warten Sie eine Weile und versuchen Sie es dann noch einmal.',
  expiredFormTitle: 'Bitte noch einmal',
  expiredForm: 'Das Formular ist abgelaufen. Bitte öffnen Sie die Seite noch einmal.',
};

export const PASSWORD_RESET_WORDS: Record<Language, PasswordResetWords> = { en, de };
