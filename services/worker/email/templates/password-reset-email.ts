import type { InitializationEmailWording } from './email-wording.js';

/** The email carrying a password reset link ("Forgot password?"), in each language it speaks. */
export const PASSWORD_RESET_WORDINGS: Record<string, InitializationEmailWording> = {
  en: {
    language: 'en',
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    textIntro: [
      'Somebody asked to reset the password of your account. To choose a new one, open',
      'this link:',
    ],
    htmlIntro:
      'Somebody asked to reset the password of your account. To choose a new one, use the button below.',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    closing:
      'The link works once and for a short time only. If you did not ask for it, you can ignore this email: your password stays as it is.',
  },
  de: {
    language: 'de',
    subject: 'Passwort zurücksetzen',
    greeting: (name) => `Hallo ${name},`,
    textIntro: [
      'Jemand hat verlangt, das Passwort Ihres Kontos zurückzusetzen. Um ein neues zu wählen,',
      'öffnen Sie diesen Link:',
    ],
    htmlIntro:
      'Jemand hat verlangt, das Passwort Ihres Kontos zurückzusetzen. Um ein neues zu wählen, verwenden Sie die Schaltfläche unten.',
    button: 'Neues Passwort wählen',
    fallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    closing:
      'Der Link funktioniert einmal und nur kurze Zeit. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt, wie es ist.',
  },
};
