/**
 * The self-service profile page: signs in through the service's OpenID provider, reads the profile with
 * GetMyProfile and saves it with UpdateMyProfile, both over gRPC-web with Google's grpc-web
 * client. Field violations from the google.rpc.BadRequest detail are shown next to the fields.

 */
import { authService, CallError } from './auth-service.js';
import { applyBrand } from './profile-brand.js';
import { fill, language, translate, wordsFor } from './page-words.js';
import { PROFILE_WORDS } from './profile-words.js';
import { showPasskeys } from './profile-passkeys.js';
import { showTotp, TOTP_WORDS } from './profile-totp.js';
import { showSessions, SESSION_WORDS } from './profile-sessions.js';
import { showEmail } from './profile-email.js';
import { showPassword } from './profile-password.js';
import { currentSession, signOut, startSignIn, type Session } from './profile-sign-in.js';

const FIELDS = ['firstName', 'lastName', 'nickName', 'displayName', 'preferredLanguage', 'gender'];
/** How long a save waits for the read model to show it. */
const READ_BACK_MS = 10_000;

interface Details {
  sequence: string;
  /** RFC 3339. */
  changeDate?: string;
}
interface Profile {
  [field: string]: string | undefined;
}
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (text: string) => (byId('status').textContent = text);
const words = wordsFor(PROFILE_WORDS);

async function main(): Promise<void> {
  document.documentElement.lang = language;
  translate(document, words);
  let session: Session | undefined;
  const call = await authService(() => session?.accessToken ?? '');

  const form = byId<HTMLFormElement>('profile-form');
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

  function show(profile: Profile, details: Details): void {
    for (const name of FIELDS)
      input(name).value = profile[name] ?? (name === 'gender' ? 'GENDER_UNSPECIFIED' : '');
    byId('profile').dataset.sequence = details.sequence;
    byId('changed').textContent = details.changeDate
      ? fill(words.lastChanged, { when: new Date(details.changeDate).toLocaleString(language) })
      : '';
  }

  function showViolations(violations: { field: string; description: string }[]): void {
    for (const name of FIELDS) {
      const violation = violations.find((v) => v.field === name);
      byId(`${name}-error`).textContent = violation ? describe(name, violation.description) : '';
      input(name).closest('.field')!.classList.toggle('invalid', Boolean(violation));
      input(name).setAttribute('aria-invalid', String(Boolean(violation)));
    }
  }

  /** Reads the profile, waiting for the read model to reach `atLeast` when given. */
  async function load(atLeast?: bigint): Promise<void> {
    const deadline = Date.now() + READ_BACK_MS;
    for (;;) {
      try {
        const { profile, details } = await call<{ profile: Profile; details: Details }>(
          'GetMyProfile',
          {},
        );
        if (atLeast === undefined || BigInt(details.sequence) >= atLeast || Date.now() > deadline) {
          show(profile, details);
          return;
        }
      } catch (error) {
        if (
          !(error instanceof CallError) ||
          error.id !== 'PROFILE-NOT-FOUND' ||
          Date.now() > deadline
        )
          throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function showProfile(): Promise<void> {
    status(words.loading);
    // The brand is the page's dress, put on beside the profile: without it the page works as it is.
    void applyBrand(call).catch(() => undefined);
    try {
      await load();
      byId('who').textContent = fill(words.signedInAs, { name: session!.name });
      byId('sign-in').hidden = true;
      byId('profile').hidden = false;
      status('');
      // The passkeys say their own failures; the profile stays.
      await showPasskeys(call).catch((error: unknown) => {
        byId('passkeys-status').textContent = fill(words.passkeysNotLoaded, {
          reason: String(error),
        });
      });
      await showTotp(call).catch((error: unknown) => {
        byId('totp-status').textContent = fill(wordsFor(TOTP_WORDS).totpNotLoaded, {
          reason: String(error),
        });
      });
      await showSessions(call).catch((error: unknown) => {
        byId('sessions-status').textContent = fill(wordsFor(SESSION_WORDS).sessionsNotLoaded, {
          reason: String(error),
        });
      });
      // The password and email sections likewise.
      await showPassword(call).catch((error: unknown) => {
        byId('password-status').textContent = String(error);
      });
      await showEmail(call).catch((error: unknown) => {
        byId('email-status').textContent = String(error);
      });
    } catch (error) {
      byId('sign-in').hidden = false;
      byId('profile').hidden = true;
      status(fill(words.loadFailed, { reason: (error as Error).message }));
    }
  }

  byId('sign-in-button').addEventListener('click', () => {
    status(words.signingIn);
    void startSignIn();
  });

  byId('sign-out').addEventListener('click', () => {
    void signOut(session);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request: Record<string, string> = {};
    for (const name of FIELDS) {
      const value = input(name).value.trim();
      if (value !== '' || ['firstName', 'lastName', 'displayName'].includes(name))
        request[name] = value;
    }
    status(words.saving);
    void call<{ details: Details }>('UpdateMyProfile', request).then(
      async ({ details }) => {
        showViolations([]);
        await load(BigInt(details.sequence));
        status(words.saved);
      },
      (error: unknown) => {
        if (error instanceof CallError && error.violations.length > 0) {
          showViolations(error.violations);
          status(words.correctFields);
        } else {
          status(fill(words.notSaved, { reason: (error as Error).message }));
        }
      },
    );
  });

  try {
    session = await currentSession();
  } catch (error) {
    status(fill(words.signInFailed, { reason: (error as Error).message }));
  }
  if (session) await showProfile();
}

/** "must not be empty" under "First name" reads as "First name must not be empty". */
function describe(field: string, description: string): string {
  const label = document.querySelector(`label[for="${field}"]`)?.firstChild?.textContent?.trim();
  return `${label ?? field} ${description}`;
}

void main();
