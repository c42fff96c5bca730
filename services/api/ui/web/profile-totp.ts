/**
 * The account page's two-factor authentication: the TOTP second factor set up (AddMyAuthFactorOTP:
 * a QR code of its otpauth:// URL and the secret, shown this once; the first code from the app
 * confirms it, VerifyMyAuthFactorOTP) and turned off (RemoveMyAuthFactorOTP). Both changes need
 * a recent sign-in: when the service says so, the page signs the person in again (max_age=0) and
 * goes on when it comes back. The QR code is an SVG image (qrcode) in a data: URL, which the
 * pages' Content-Security-Policy allows (img-src 'self' data:); nothing of it leaves the page.
 */
import * as QRCode from 'qrcode';
import { CallError, type AuthCall } from './auth-service.js';
import { translate, wordsFor, type Language } from './page-words.js';
import { startSignIn } from './profile-sign-in.js';

/** Set before the re-authentication's round trip: what to do once back. */
const AFTER_SIGN_IN = 'identity.profile.totp-after-sign-in';

const en = {
  totpHeading: 'Two-factor authentication',
  totpHint: 'Besides your password, sign-in asks for a code from an authenticator app.',
  totpOn: 'On: sign-in asks for a code from your authenticator app.',
  totpOff: 'Off.',
  totpAdd: 'Set up two-factor authentication',
  totpRemove: 'Turn off two-factor authentication',
  totpScan:
    'Scan this QR code with your authenticator app, or type in the key. It is shown only now.',
  totpQrAlt: 'QR code for your authenticator app',
  totpKey: 'Key:',
  totpCode: 'Code from the app',
  totpConfirm: 'Confirm',
  totpAdded: 'Two-factor authentication is on.',
  totpRemoved: 'Two-factor authentication is off.',
  confirmTotpRemove: 'Turn off two-factor authentication? Sign-in will ask for your password only.',
  totpSignInAgain: 'Please sign in again to change two-factor authentication.',
  totpNotLoaded: 'Two-factor authentication could not be loaded: {reason}',
  'USER-OTP-CODE-INVALID': 'That code is not valid. Please try the current one.',
  'USER-OTP-ATTEMPTS-LOCKED': 'Too many wrong codes. Please try again later.',
  'USER-OTP-NOT-PENDING': 'Please set up two-factor authentication again.',
  'USER-OTP-ALREADY-READY': 'Two-factor authentication is on already.',
  'USER-OTP-NOT-FOUND': 'Two-factor authentication is off already.',
  'REQUEST-INVALID': 'Please enter the 6-digit code.',
  failed: 'That did not work. Please try again.',
};

const de: typeof en = {
  totpHeading: 'Zwei-Faktor-Authentifizierung',
  totpHint:
    'Die Anmeldung fragt außer nach Ihrem Passwort nach einem Code aus einer Authenticator-App.',
  totpOn: 'An: Die Anmeldung fragt nach einem Code aus Ihrer Authenticator-App.',
  totpOff: 'Aus.',
  totpAdd: 'Zwei-Faktor-Authentifizierung einrichten',
  totpRemove: 'Zwei-Faktor-Authentifizierung ausschalten',
  totpScan:
    'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel ein. Er wird nur jetzt angezeigt.',
  totpQrAlt: 'QR-Code für Ihre Authenticator-App',
  totpKey: 'Schlüssel:',
  totpCode: 'Code aus der App',
  totpConfirm: 'Bestätigen',
  totpAdded: 'Die Zwei-Faktor-Authentifizierung ist an.',
  totpRemoved: 'Die Zwei-Faktor-Authentifizierung ist aus.',
  confirmTotpRemove:
    'Die Zwei-Faktor-Authentifizierung ausschalten? Die Anmeldung fragt dann nur nach Ihrem Passwort.',
  totpSignInAgain:
    'Bitte melden Sie sich erneut an, um die Zwei-Faktor-Authentifizierung zu ändern.',
  totpNotLoaded: 'Die Zwei-Faktor-Authentifizierung konnte nicht geladen werden: {reason}',
  'USER-OTP-CODE-INVALID': 'Dieser Code ist nicht gültig. Bitte nehmen Sie den aktuellen.',
  'USER-OTP-ATTEMPTS-LOCKED': 'Zu viele falsche Codes. Bitte versuchen Sie es später erneut.',
  'USER-OTP-NOT-PENDING': 'Bitte richten Sie die Zwei-Faktor-Authentifizierung erneut ein.',
  'USER-OTP-ALREADY-READY': 'Die Zwei-Faktor-Authentifizierung ist schon an.',
  'USER-OTP-NOT-FOUND': 'Die Zwei-Faktor-Authentifizierung ist schon aus.',
  'REQUEST-INVALID': 'Bitte geben Sie den 6-stelligen Code ein.',
  failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
};

export const TOTP_WORDS: Readonly<Record<Language, typeof en>> = { en, de };
const words = wordsFor(TOTP_WORDS);
const MESSAGES: Record<string, string> = words;

interface AuthFactor {
  state: string;
  otp?: object;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const say = (text: string) => (byId('totp-status').textContent = text);

/** Shows whether the signed-in person's TOTP factor is on (`call` carries their token). */
export async function showTotp(call: AuthCall): Promise<void> {
  translate(byId('totp'), words);
  const render = async () => {
    const { result = [] } = await call<{ result?: AuthFactor[] }>('ListMyAuthFactors', {});
    const on = result.some((factor) => factor.otp && factor.state === 'AUTH_FACTOR_STATE_READY');
    byId('totp-state').textContent = on ? words.totpOn : words.totpOff;
    byId('totp-add').hidden = on;
    byId('totp-remove').hidden = !on;
  };

  /** Runs a change; a sign-in too long ago sends the person to sign in again, then `again`. */
  const run = async (work: () => Promise<unknown>, again: string) => {
    say('');
    try {
      await work();
      return true;
    } catch (error) {
      if (error instanceof CallError && error.id === 'REAUTHENTICATION-REQUIRED') {
        say(words.totpSignInAgain);
        sessionStorage.setItem(AFTER_SIGN_IN, again);
        await startSignIn({ maxAge: 0 });
        return new Promise<never>(() => undefined);
      }
      const id = error instanceof CallError ? error.id : undefined;
      say(MESSAGES[id ?? 'failed'] ?? words.failed);
      return false;
    }
  };

  const setUp = () =>
    run(async () => {
      const { url, secret } = await call<{ url: string; secret: string }>('AddMyAuthFactorOTP', {});
      const svg = await QRCode.toString(url, { type: 'svg', margin: 2 });
      byId<HTMLImageElement>('totp-qr').src = `data:image/svg+xml;base64,${btoa(svg)}`;
      byId('totp-secret').textContent = secret;
      byId('totp-setup').hidden = false;
      byId('totp-add').hidden = true;
      byId<HTMLInputElement>('totp-code').focus();
    }, 'add');

  const remove = async () => {
    if (!confirm(words.confirmTotpRemove)) return;
    if (await run(() => call('RemoveMyAuthFactorOTP', {}), 'remove')) {
      await render();
      say(words.totpRemoved);
    }
  };

  byId<HTMLFormElement>('totp-verify-form').onsubmit = (event) => {
    event.preventDefault();
    const code = byId<HTMLInputElement>('totp-code').value.trim();
    void run(() => call('VerifyMyAuthFactorOTP', { code }), 'add').then(async (done) => {
      if (!done) return;
      // The secret was shown once: it leaves the page.
      byId('totp-setup').hidden = true;
      byId<HTMLImageElement>('totp-qr').removeAttribute('src');
      byId('totp-secret').textContent = '';
      byId<HTMLInputElement>('totp-code').value = '';
      await render();
      say(words.totpAdded);
    });
  };
  byId('totp-add').onclick = () => void setUp();
  byId('totp-remove').onclick = () => void remove();
  byId('totp').hidden = false;
  await render();
  const after = sessionStorage.getItem(AFTER_SIGN_IN);
  sessionStorage.removeItem(AFTER_SIGN_IN);
  if (after === 'add') await setUp();
  if (after === 'remove') await remove();
}
