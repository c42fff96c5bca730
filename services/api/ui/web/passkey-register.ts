/**
 * The passwordless registration link's page: registers a passkey with @simplewebauthn/browser.
 * The link's fields and the CSRF token are on the form; the service's two JSON calls begin the
 * ceremony and store its answer.
 */
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { messageFor, postJson } from './passkey-calls.js';

const form = document.getElementById('passkey-registration') as HTMLFormElement;
const message = document.getElementById('message') as HTMLElement;
const button = document.getElementById('register') as HTMLButtonElement;
const messages = JSON.parse(form.dataset.messages ?? '{}') as Record<string, string>;
const link = {
  userID: form.dataset.userId,
  orgID: form.dataset.orgId,
  codeID: form.dataset.codeId,
  code: form.dataset.code,
  _csrf: form.dataset.csrf,
};

function say(text: string, kind: 'error' | 'done'): void {
  message.textContent = text;
  message.className = kind === 'error' ? 'error' : 'hint';
}

async function register(): Promise<void> {
  const { ceremonyId, options } = await postJson<{ ceremonyId: string; options: never }>(
    '/ui/login/passwordless/options',
    link,
  );
  const credential = await startRegistration({ optionsJSON: options });
  const name = (form.elements.namedItem('name') as HTMLInputElement).value;
  await postJson('/ui/login/passwordless/register', { ...link, ceremonyId, credential, name });
  form.hidden = true;
  say(messages.registered ?? '', 'done');
  const signIn = document.createElement('a');
  signIn.href = '/ui/profile';
  signIn.id = 'sign-in';
  signIn.textContent = messages.signIn ?? 'Sign in';
  message.after(signIn);
}

if (!browserSupportsWebAuthn()) say(messages.unsupported ?? '', 'error');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  button.disabled = true;
  say('', 'done');
  register()
    .catch((error: unknown) => say(messageFor(error, messages), 'error'))
    .finally(() => (button.disabled = false));
});
