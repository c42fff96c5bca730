import type { InitializationEmailWording } from './email-wording.js';

/** The email carrying a new passwordless registration link, in each language it speaks. */
export const PASSWORDLESS_WORDINGS: Record<string, InitializationEmailWording> = {
  en: {
    language: 'en',
    subject: 'Register your passkey',
    greeting: (name) => `Hello ${name},`,
    textIntro: [
      'You asked for a new link to register a passkey, which lets you sign in with your',
      'fingerprint, face or device PIN. Open this link on the device you want to use:',
    ],
    htmlIntro:
      'You asked for a new link to register a passkey, which lets you sign in with your fingerprint, face or device PIN. Open it on the device you want to use.',
    button: 'Register a passkey',
    fallback: 'If the button does not work, copy this link into your browser:',
    closing: 'The link works once. If you did not ask for it, you can ignore this email.',
  },
  de: {
    language: 'de',
    subject: 'Passkey registrieren',
    greeting: (name) => `Hallo ${name},`,
    textIntro: [
      'Sie haben einen neuen Link angefordert, um einen Passkey zu registrieren. Damit melden',
      'Sie sich mit Fingerabdruck, Gesicht oder Geräte-PIN an. Öffnen Sie den Link auf dem Gerät,',
      'das Sie verwenden möchten:',
    ],
    htmlIntro:
      'Sie haben einen neuen Link angefordert, um einen Passkey zu registrieren. Damit melden Sie sich mit Fingerabdruck, Gesicht oder Geräte-PIN an. Öffnen Sie ihn auf dem Gerät, das Sie verwenden möchten.',
    button: 'Passkey registrieren',
    fallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    closing:
      'Der Link funktioniert einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
};

/** The email carrying a link that verifies an address an administrator set, in each language. */
export const EMAIL_VERIFICATION_WORDINGS: Record<string, InitializationEmailWording> = {
  en: {
    language: 'en',
    subject: 'Confirm your email address',
    greeting: (name) => `Hello ${name},`,
    textIntro: ['Your email address was changed. Please confirm it by opening this link:'],
    htmlIntro: 'Your email address was changed. Please confirm it.',
    button: 'Confirm email address',
    fallback: 'If the button does not work, copy this link into your browser:',
    closing: 'The link works once. If you did not expect this email, you can ignore it.',
  },
  de: {
    language: 'de',
    subject: 'E-Mail-Adresse bestätigen',
    greeting: (name) => `Hallo ${name},`,
    textIntro: [
      'Ihre E-Mail-Adresse wurde geändert. Bitte bestätigen Sie sie, indem Sie diesen Link öffnen:',
    ],
    htmlIntro: 'Ihre E-Mail-Adresse wurde geändert. Bitte bestätigen Sie sie.',
    button: 'E-Mail-Adresse bestätigen',
    fallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    closing:
      'Der Link funktioniert einmal. Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  },
};
