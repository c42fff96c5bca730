/**
 * The account page's email: the current address and whether it is verified, the address waiting
 * for its verification link (GetMyEmail), a change (SetMyEmail: the new address is emailed a
 * link, and becomes the email once it is followed) and another link (ResendMyEmailVerification),
 * over gRPC-web, as the profile is.
 */
import { CallError, type AuthCall } from './auth-service.js';
import { fill, translate, wordsFor, type Language } from './page-words.js';

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    emailHeading: 'Email',
    verified: 'verified',
    unverified: 'not verified yet',
    pending:
      'Waiting for confirmation: {email}. Follow the link we sent there to make it your email.',
    unverifiedHint: 'Follow the link we sent to this address to confirm it.',
    newEmail: 'New email address',
    changeEmail: 'Change email',
    resend: 'Send the link again',
    changing: 'Sending a confirmation link…',
    linkSent: 'We sent a link to {email}. Your email changes once you follow it.',
    resent: 'We sent the link again.',
    'REQUEST-INVALID': 'Please enter a valid email address.',
    'USER-EMAIL-ALREADY-VERIFIED': 'Your email is confirmed already.',
    failed: 'That did not work. Please try again.',
  },
  de: {
    emailHeading: 'E-Mail',
    verified: 'bestätigt',
    unverified: 'noch nicht bestätigt',
    pending:
      'Wartet auf Bestätigung: {email}. Folgen Sie dem Link, den wir dorthin geschickt haben, damit sie Ihre E-Mail-Adresse wird.',
    unverifiedHint:
      'Folgen Sie dem Link, den wir an diese Adresse geschickt haben, um sie zu bestätigen.',
    newEmail: 'Neue E-Mail-Adresse',
    changeEmail: 'E-Mail-Adresse ändern',
    resend: 'Link erneut senden',
    changing: 'Ein Bestätigungslink wird gesendet…',
    linkSent:
      'Wir haben einen Link an {email} geschickt. Ihre E-Mail-Adresse ändert sich, sobald Sie ihm folgen.',
    resent: 'Wir haben den Link erneut geschickt.',
    'REQUEST-INVALID': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    'USER-EMAIL-ALREADY-VERIFIED': 'Ihre E-Mail-Adresse ist schon bestätigt.',
    failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  },
};

interface MyEmail {
  email: { email: string; isEmailVerified?: boolean };
  pendingEmail?: string;
}

const words = wordsFor(WORDS);
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows the email section for the signed-in person (`call` carries their token). */
export async function showEmail(call: AuthCall): Promise<void> {
  const section = byId('email');
  translate(section, words);
  const say = (text: string) => (byId('email-status').textContent = text);

  const render = async () => {
    const { email, pendingEmail } = await call<MyEmail>('GetMyEmail', {});
    const verified = email.isEmailVerified === true;
    byId('email-current').textContent = email.email;
    byId('email-state').textContent = `(${verified ? words.verified : words.unverified})`;
    const waiting = byId('email-pending');
    waiting.hidden = !pendingEmail && verified;
    waiting.textContent = pendingEmail
      ? fill(words.pending!, { email: pendingEmail })
      : words.unverifiedHint!;
    byId('resend-verification').hidden = waiting.hidden;
  };
  const failed = (error: unknown) => {
    const id = error instanceof CallError ? error.id : undefined;
    say(words[id ?? 'failed'] ?? words.failed!);
  };

  const form = byId<HTMLFormElement>('email-form');
  const input = byId<HTMLInputElement>('newEmail');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = input.value.trim();
    say(words.changing!);
    void call('SetMyEmail', { email })
      .then(render)
      .then(() => {
        form.reset();
        say(fill(words.linkSent!, { email }));
      }, failed);
  });
  byId('resend-verification').addEventListener('click', () => {
    void call('ResendMyEmailVerification', {}).then(() => say(words.resent!), failed);
  });
  await render();
  section.hidden = false;
}
