import { hkdfSync } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../../../shared/config/config.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import { decryptSecret, encryptSecret } from '../credentials/otp-secret.js';
import { cookieOf } from '../login/kit/page-kit.js';

/** Where the console lives; its cookies are sent there alone. */
export const CONSOLE_PATH = '/ui/console';

/** What the console keeps of a sign-in: the provider's tokens, and whose they are. */
export interface ConsoleSession {
  accessToken: string;
  /** Present when the provider issued one: the console renews the access token with it. */
  refreshToken?: string;
  /** For the provider's sign-out (`id_token_hint`). */
  idToken: string;
  /** When the access token runs out (ms since the epoch). */
  expiresAt: number;
  /** The person's name as the ID token gives it. */
  name: string;
}

/** A sign-in under way: PKCE's verifier, state, nonce, and the console page to return to. */
export interface SignInFlow {
  verifier: string;
  state: string;
  nonce: string;
  next: string;
}

/**
 * The organization an instance administrator chose to work in, for the person who chose it (a
 * choice another person's session finds is not theirs, and is none).
 */
export interface WorkingOrg {
  orgId: string;
  userId: string;
}

const SESSION_COOKIE = 'console_session';
const FLOW_COOKIE = 'console_flow';
const ORG_COOKIE = 'console_org';
/** A sign-in left at the provider for longer than this is begun again. */
const FLOW_SECONDS = 600;

/**
 * The console's cookies: its session, a sign-in under way and the organization chosen, each sealed (AES-256-GCM under a
 * key drawn from the secret key), so that the browser can neither read the tokens nor forge a
 * session; HttpOnly, SameSite=Lax, Secure under https, for the console's path alone.
 */
export function consoleCookies(config: Config) {
  const key = Buffer.from(
    hkdfSync('sha256', secretKeyOf(config), '', 'identity console session', 32),
  );
  const options = {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: CONSOLE_PATH,
  } as const;
  const seal = (value: unknown) =>
    encryptSecret(key, Buffer.from(JSON.stringify(value))).toString('base64url');
  const unseal = <T>(request: Request, name: string): T | undefined => {
    const sealed = cookieOf(request, name);
    if (!sealed) return undefined;
    try {
      return JSON.parse(decryptSecret(key, Buffer.from(sealed, 'base64url')).toString()) as T;
    } catch {
      // Not sealed under this key (tampered with, or from before a key change): none.
      return undefined;
    }
  };
  return {
    session: (request: Request) => unseal<ConsoleSession>(request, SESSION_COOKIE),
    keepSession(response: Response, session: ConsoleSession): void {
      response.cookie(SESSION_COOKIE, seal(session), options);
    },
    forgetSession(response: Response): void {
      response.clearCookie(SESSION_COOKIE, options);
    },
    flow: (request: Request) => unseal<SignInFlow>(request, FLOW_COOKIE),
    keepFlow(response: Response, flow: SignInFlow): void {
      response.cookie(FLOW_COOKIE, seal(flow), { ...options, maxAge: FLOW_SECONDS * 1000 });
    },
    forgetFlow(response: Response): void {
      response.clearCookie(FLOW_COOKIE, options);
    },
    workingOrg: (request: Request) => unseal<WorkingOrg>(request, ORG_COOKIE),
    keepWorkingOrg(response: Response, working: WorkingOrg): void {
      response.cookie(ORG_COOKIE, seal(working), options);
    },
    forgetWorkingOrg(response: Response): void {
      response.clearCookie(ORG_COOKIE, options);
    },
  };
}

export type ConsoleCookies = ReturnType<typeof consoleCookies>;

/**
 * A console page to return to after signing in: a path under the console as a browser resolves
 * it (no `..` out of it, no other host), nothing else; the console's first page otherwise.
 */
export function consolePathOr(next: unknown): string {
  const home = `${CONSOLE_PATH}/`;
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > 2000) return home;
  const base = 'http://console.invalid';
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return home;
  }
  return resolved.origin === base && resolved.pathname.startsWith(home)
    ? `${resolved.pathname}${resolved.search}`
    : home;
}
