import type { PasswordPolicy } from '../../../../shared/config/config.js';
import type { Refusal } from '../../accounts/sign-in-steps.js';
import type { Language } from '../kit/page-kit.js';
import { POLICY_WORDS, policyInWords } from '../kit/password-policy-words.js';

/** Everything the sign-in pages say, in each language. */
const WORDS = {
  en: {
    signIn: 'Sign in',
    userName: 'User name',
    password: 'Password',
    forgotPassword: 'Forgot password?',
    next: 'Next',
    otp: 'Code from your authenticator app',
    otpTitle: 'Two-factor code',
    newPasswordTitle: 'Choose a new password',
    newPasswordWhy: 'Your password must be changed before you continue.',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    notAnother: 'Not you? Start again',
    wrongCredentials: 'Unknown user name or wrong password.',
    unusable: 'This account cannot be used. Ask an administrator of your organization.',
    wrongOtp: 'That code is not valid.',
    lockedUntil: 'Too many failed attempts. Signing in is locked until',
    blocked: 'Too many failed attempts from your address. Try again later.',
    mismatch: 'The two passwords differ.',
    policy: 'The password does not meet the policy.',
    expired: 'This sign-in has expired or the form was stale. Please start again.',
    passwordNotAllowed: 'Signing in with a user name and password is not offered here.',
    signOutTitle: 'Sign out',
    signOutAsk: 'Do you want to sign out?',
    signOutYes: 'Yes, sign me out',
    signOutNo: 'No, stay signed in',
    signedOut: 'You are signed out.',
    errorTitle: 'Sign-in failed',
    refusedTitle: 'No access to this application',
    'project-inactive': 'This application is not available at the moment.',
    'project-not-granted': 'Your organization has not been given access to this application.',
    'project-role-missing':
      'You have no role in this application. Ask an administrator of your organization for one.',
    backToApplication: 'Back to the application',
  },
  de: {
    signIn: 'Anmelden',
    userName: 'Benutzername',
    password: 'Passwort',
    forgotPassword: 'Passwort vergessen?',
    next: 'Weiter',
    otp: 'Code aus Ihrer Authenticator-App',
    otpTitle: 'Zwei-Faktor-Code',
    newPasswordTitle: 'Neues Passwort wählen',
    newPasswordWhy: 'Sie müssen Ihr Passwort ändern, bevor Sie fortfahren.',
    newPassword: 'Neues Passwort',
    repeatPassword: 'Neues Passwort wiederholen',
    notAnother: 'Nicht Sie? Neu beginnen',
    wrongCredentials: 'Unbekannter Benutzername oder falsches Passwort.',
    unusable:
      'Dieses Konto kann nicht verwendet werden. Wenden Sie sich an eine Administratorin oder einen Administrator Ihrer Organisation.',
    wrongOtp: 'Dieser Code ist nicht gültig.',
    lockedUntil: 'Zu viele Fehlversuche. Die Anmeldung ist gesperrt bis',
    blocked: 'Zu viele Fehlversuche von Ihrer Adresse. Versuchen Sie es später erneut.',
    mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    policy: 'Das Passwort erfüllt die Richtlinie nicht.',
    expired: 'Diese Anmeldung ist abgelaufen oder das Formular veraltet. Bitte neu beginnen.',
    passwordNotAllowed: 'Die Anmeldung mit Benutzername und Passwort wird hier nicht angeboten.',
    signOutTitle: 'Abmelden',
    signOutAsk: 'Möchten Sie sich abmelden?',
    signOutYes: 'Ja, abmelden',
    signOutNo: 'Nein, angemeldet bleiben',
    signedOut: 'Sie sind abgemeldet.',
    errorTitle: 'Anmeldung fehlgeschlagen',
    refusedTitle: 'Kein Zugang zu dieser Anwendung',
    'project-inactive': 'Diese Anwendung ist zurzeit nicht verfügbar.',
    'project-not-granted': 'Ihre Organisation hat keinen Zugang zu dieser Anwendung erhalten.',
    'project-role-missing':
      'Sie haben keine Rolle in dieser Anwendung. Bitten Sie eine Administratorin oder einen Administrator Ihrer Organisation darum.',
    backToApplication: 'Zurück zur Anwendung',
  },
} satisfies Record<Language, Record<string, string>>;

export type Words = (typeof WORDS)['en'];

export function wordsOf(language: Language): Words {
  return WORDS[language];
}

/** A time as people of the language read it, in UTC. */
export function timeIn(language: Language, time: Date): string {
  return `${time.toLocaleString(language === 'de' ? 'de-CH' : 'en-GB', { timeZone: 'UTC' })} UTC`;
}

/** The words of each refusal of the steps. */
const SAYS: Record<Refusal, keyof Words> = {
  'wrong-credentials': 'wrongCredentials',
  unusable: 'unusable',
  locked: 'lockedUntil',
  'address-blocked': 'blocked',
  'wrong-code': 'wrongOtp',
  stale: 'expired',
  'passwords-differ': 'mismatch',
  'weak-password': 'policy',
  'password-not-allowed': 'passwordNotAllowed',
};

/** What went wrong, in the language: with the lock's end, or the password policy's needs. */
export function refusalInWords(
  language: Language,
  { refused, until }: { refused: Refusal; until?: Date },
  policy: PasswordPolicy,
): string {
  const words = wordsOf(language);
  const end = until ? ` ${timeIn(language, until)}.` : '';
  const needs =
    refused === 'weak-password' ? ` ${policyInWords(POLICY_WORDS[language], policy)}` : '';
  return `${words[SAYS[refused]]}${end}${needs}`;
}
