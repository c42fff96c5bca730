/**
 * The profile page's passkeys: listed with their name, creation and last use; renamed, removed,
 * and another added (@simplewebauthn/browser) through AuthService's passkey operations over
 * gRPC-web, as the profile is. Adding needs a recent sign-in: when the service says so, the page
 * signs the person in again (max_age=0) and goes on adding when it comes back.
 */
import { startRegistration } from '@simplewebauthn/browser';
import { CallError, type AuthCall } from './auth-service.js';
import { messageFor } from './passkey-calls.js';
import { fill, language, wordsFor } from './page-words.js';
import { startSignIn } from './profile-sign-in.js';
import { PROFILE_WORDS } from './profile-words.js';
/** Set before the re-authentication's round trip: add a passkey once back. */
const ADD_AFTER_SIGN_IN = 'identity.profile.add-passkey';

const words = wordsFor(PROFILE_WORDS);
const MESSAGES: Record<string, string> = words;

interface PasskeyView {
  id: string;
  name: string;
  /** RFC 3339, as the proto3 JSON mapping writes a Timestamp; absent until it signed in. */
  createdAt: string;
  lastUsedAt?: string;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const say = (text: string) => (byId('passkeys-status').textContent = text);

/** Shows the signed-in person's passkeys (`call` carries their token) and wires the buttons. */
export async function showPasskeys(call: AuthCall): Promise<void> {
  const render = async () => {
    const { passkeys = [] } = await call<{ passkeys?: PasskeyView[] }>('ListMyPasskeys', {});
    const list = byId('passkey-list');
    list.replaceChildren(...passkeys.map((passkey) => item(passkey)));
    if (passkeys.length === 0) list.textContent = words.noPasskeys;
  };

  const item = (passkey: PasskeyView): HTMLLIElement => {
    const li = document.createElement('li');
    li.dataset.id = passkey.id;
    const name = document.createElement('strong');
    name.className = 'passkey-name';
    name.textContent = passkey.name;
    const when = document.createElement('span');
    when.className = 'hint';
    const at = (time: string) => new Date(time).toLocaleString(language);
    const used = passkey.lastUsedAt ? at(passkey.lastUsedAt) : words.never;
    when.textContent = ` ${fill(words.passkeyWhen, { created: at(passkey.createdAt), used })} `;
    const rename = button(words.rename, 'rename', () => {
      const input = document.createElement('input');
      input.className = 'passkey-new-name';
      input.value = passkey.name;
      input.maxLength = 100;
      const save = button(words.save, 'save-name', () => {
        void run(
          () => call('RenameMyPasskey', { id: passkey.id, name: input.value }),
          words.renamed,
        );
      });
      li.replaceChildren(input, save);
      input.focus();
    });
    const remove = button(words.remove, 'remove', () => {
      if (confirm(fill(words.confirmRemovePasskey, { name: passkey.name })))
        void run(() => call('RemoveMyPasskey', { id: passkey.id }), words.removed);
    });
    li.append(name, when, rename, remove);
    return li;
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    say('');
    try {
      await work();
      await render();
      say(done);
    } catch (error) {
      say(
        error instanceof CallError
          ? (MESSAGES[error.id ?? 'failed'] ?? MESSAGES.failed!)
          : messageFor(error, MESSAGES),
      );
    }
  };

  const add = async () => {
    try {
      const { ceremonyId, options } = await call<{ ceremonyId: string; options: never }>(
        'StartMyPasskeyRegistration',
        {},
      );
      const credential = await startRegistration({ optionsJSON: options });
      await call('FinishMyPasskeyRegistration', { ceremonyId, credential });
    } catch (error) {
      if (error instanceof CallError && error.id === 'REAUTHENTICATION-REQUIRED') {
        say(words.signInAgainForPasskey);
        sessionStorage.setItem(ADD_AFTER_SIGN_IN, '1');
        await startSignIn({ maxAge: 0 });
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  };

  byId('add-passkey').onclick = () => void run(add, words.passkeyAdded);
  byId('passkeys').hidden = false;
  await render();
  if (sessionStorage.getItem(ADD_AFTER_SIGN_IN)) {
    sessionStorage.removeItem(ADD_AFTER_SIGN_IN);
    await run(add, words.passkeyAdded);
  }
}

function button(label: string, className: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = `secondary ${className}`;
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}
