/**
 * The sign-in page's passkeys (@simplewebauthn/browser): "Sign in with a passkey" runs a
 * ceremony with discoverable credentials, and where the browser supports conditional UI the user
 * name field offers the passkeys in its autofill from the start. The service verifies the answer
 * and says where the sign-in goes on.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from '@simplewebauthn/browser';
import { messageFor, postJson } from './passkey-calls.js';

const panel = document.getElementById('passkey') as HTMLElement;
const button = document.getElementById('passkey-sign-in') as HTMLButtonElement;
const message = document.getElementById('passkey-message') as HTMLElement;
const messages = JSON.parse(panel.dataset.messages ?? '{}') as Record<string, string>;
const action = panel.dataset.action ?? '';
const csrf = { _csrf: panel.dataset.csrf };

/** Whether "Sign in with a passkey" was pressed: the autofill ceremony then stays unstarted. */
let pressed = false;

/** Whether the person picked a passkey from the autofill: its failures are theirs to hear. */
let picked = false;

/** One ceremony: options, the authenticator's answer, the service's verdict, then onwards. */
async function signIn(autofill: boolean): Promise<void> {
  const { ceremonyId, options } = await postJson<{ ceremonyId: string; options: never }>(
    `${action}/passkey/options`,
    csrf,
  );
  // Options that arrive after the button was pressed: starting the autofill ceremony now would
  // cancel the button's (the library keeps one ceremony at a time).
  if (autofill && pressed) return;
  const credential = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  if (autofill) picked = true;
  const { location: next } = await postJson<{ location: string }>(`${action}/passkey`, {
    ...csrf,
    ceremonyId,
    credential,
  });
  location.assign(next);
}

function failed(error: unknown): void {
  message.textContent = messageFor(error, messages);
}

if (!browserSupportsWebAuthn()) {
  panel.hidden = true;
} else {
  button.addEventListener('click', () => {
    pressed = true;
    message.textContent = '';
    button.disabled = true;
    // Starting a ceremony cancels the autofill one (the library's abort service).
    signIn(false)
      .catch(failed)
      .finally(() => (button.disabled = false));
  });
  void browserSupportsWebAuthnAutofill().then((supported) => {
    if (!supported) return;
    panel.dataset.autofill = 'started';
    signIn(true).catch((error: unknown) => {
      // Until the person picks a passkey from it, the autofill ceremony is the page's own: one
      // the browser will not start (no passkey for this site, a host that cannot have passkeys)
      // or the button cancels says nothing; the button's ceremony says what went wrong.
      if (picked && !pressed) failed(error);
    });
  });
}
