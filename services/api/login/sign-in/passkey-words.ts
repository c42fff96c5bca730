import type { Language } from '../kit/page-kit.js';

/** What the sign-in page's passkey part says (its script's messages by error id), per language. */
export const PASSKEY_SIGN_IN_WORDS: Record<
  Language,
  { button: string; messages: Record<string, string> }
> = {
  en: {
    button: 'Sign in with a passkey',
    messages: {
      cancelled:
        'No passkey was used: the request was cancelled, timed out, or this device has no passkey for this site.',
      'PASSKEY-NOT-RECOGNIZED': 'This passkey does not belong to an account here.',
      'PASSKEY-SIGN-COUNT-REGRESSED':
        'This passkey was refused: its counter went backwards, so it may have been copied. Use another way to sign in.',
      'PASSKEY-VERIFICATION-FAILED':
        'The passkey’s answer could not be verified. Please try again.',
      'PASSKEY-CEREMONY-EXPIRED':
        'That took too long, or this sign-in has expired. Please try again.',
      'REQUEST-INVALID': 'This page has expired. Please reload it and try again.',
      failed: 'Signing in with the passkey failed. Please try again.',
    },
  },
  de: {
    button: 'Mit einem Passkey anmelden',
    messages: {
      cancelled:
        'Es wurde kein Passkey verwendet: abgebrochen, Zeit abgelaufen, oder dieses Gerät hat keinen Passkey für diese Seite.',
      'PASSKEY-NOT-RECOGNIZED': 'Dieser Passkey gehört zu keinem Konto hier.',
      'PASSKEY-SIGN-COUNT-REGRESSED':
        'Dieser Passkey wurde abgelehnt: sein Zähler ging zurück, er könnte kopiert worden sein. Melden Sie sich anders an.',
      'PASSKEY-VERIFICATION-FAILED':
        'Die Antwort des Passkeys ließ sich nicht prüfen. Bitte noch einmal.',
      'PASSKEY-CEREMONY-EXPIRED':
        'Das hat zu lange gedauert, oder diese Anmeldung ist abgelaufen. Bitte noch einmal.',
      'REQUEST-INVALID':
        'Diese Seite ist veraltet. Bitte laden Sie sie neu und versuchen Sie es noch einmal.',
      failed: 'Die Anmeldung mit dem Passkey ist fehlgeschlagen. Bitte noch einmal.',
    },
  },
};
