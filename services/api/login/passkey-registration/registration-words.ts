import type { Language, NewLinkWords } from '../kit/page-kit.js';

/** Everything the passkey registration page says (its script's messages too), in each language. */
export interface RegistrationWords extends NewLinkWords {
  title: string;
  intro: string;
  name: string;
  namePlaceholder: string;
  register: string;
  /** What the script says, by error id (and `cancelled`, `unsupported`, `registered`, `failed`). */
  messages: Record<string, string>;
}

const en: RegistrationWords = {
  title: 'Register a passkey',
  intro:
    'A passkey lets you sign in with your fingerprint, face or device PIN instead of a password.',
  name: 'Name of the passkey',
  namePlaceholder: 'e.g. My laptop',
  register: 'Register a passkey',
  goneTitle: 'This link no longer works',
  gone: 'The link has expired, has been used already, or is incomplete. We can send you a new one by email.',
  login: 'User name or email address',
  send: 'Send a new link',
  sentTitle: 'Check your email',
  sent: 'If an account that has no passkey yet goes by this name, a new link is on its way to its address.',
  limitedTitle: 'Too many requests',
  limited: 'Please wait a while and try again.',
  expiredFormTitle: 'Please try again',
  expiredForm: 'The form has expired. Please open the link again.',
  messages: {
    registered: 'Your passkey is registered. You can sign in with it now.',
    signIn: 'Sign in',
    cancelled: 'The passkey was not created: the request was cancelled or timed out.',
    unsupported: 'This browser cannot create passkeys.',
    'REGISTRATION-LINK-INVALID': 'This link no longer works. Reload the page to ask for a new one.',
    'PASSKEY-CEREMONY-EXPIRED': 'That took too long. Please try again.',
    'PASSKEY-VERIFICATION-FAILED':
      'Your device’s answer could not be verified, so no passkey was stored. Please try again.',
    'PASSKEY-LIMIT-REACHED': 'You have the most passkeys allowed. Remove one first.',
    'REQUEST-INVALID': 'Please check the name (at most 100 characters) and try again.',
    failed: 'Something went wrong; no passkey was stored. Please try again.',
  },
};

const de: RegistrationWords = {
  title: 'Passkey registrieren',
  intro:
    'Mit einem Passkey melden Sie sich mit Fingerabdruck, Gesicht oder Geräte-PIN an statt mit einem Passwort.',
  name: 'Name des Passkeys',
  namePlaceholder: 'z. B. Mein Laptop',
  register: 'Passkey registrieren',
  goneTitle: 'Dieser Link gilt nicht mehr',
  gone: 'Der Link ist abgelaufen, wurde schon verwendet oder ist unvollständig. Wir können Ihnen einen neuen per E-Mail senden.',
  login: 'Benutzername oder E-Mail-Adresse',
  send: 'Neuen Link senden',
  sentTitle: 'Bitte sehen Sie in Ihre E-Mails',
  sent: 'Wenn ein Konto ohne Passkey so heißt, ist ein neuer Link an seine Adresse unterwegs.',
  limitedTitle: 'Zu viele Anfragen',
  limited: 'Bitte warten Sie eine Weile und versuchen Sie es dann noch einmal.',
  expiredFormTitle: 'Bitte noch einmal',
  expiredForm: 'Das Formular ist abgelaufen. Bitte öffnen Sie den Link noch einmal.',
  messages: {
    registered: 'Ihr Passkey ist registriert. Sie können sich jetzt damit anmelden.',
    signIn: 'Anmelden',
    cancelled: 'Der Passkey wurde nicht erstellt: abgebrochen oder Zeit abgelaufen.',
    unsupported: 'Dieser Browser kann keine Passkeys erstellen.',
    'REGISTRATION-LINK-INVALID':
      'Dieser Link gilt nicht mehr. Laden Sie die Seite neu, um einen neuen anzufordern.',
    'PASSKEY-CEREMONY-EXPIRED': 'Das hat zu lange gedauert. Bitte noch einmal.',
    'PASSKEY-VERIFICATION-FAILED':
      'Die Antwort Ihres Geräts ließ sich nicht prüfen; es wurde kein Passkey gespeichert. Bitte noch einmal.',
    'PASSKEY-LIMIT-REACHED': 'Sie haben die höchste Zahl an Passkeys. Entfernen Sie zuerst einen.',
    'REQUEST-INVALID':
      'Bitte prüfen Sie den Namen (höchstens 100 Zeichen) und versuchen Sie es noch einmal.',
    failed: 'Etwas ist schiefgegangen; es wurde kein Passkey gespeichert. Bitte noch einmal.',
  },
};

export const REGISTRATION_WORDS: Record<Language, RegistrationWords> = { en, de };
