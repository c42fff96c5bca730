/**
 * The load side of the sign-in part of `npm run bench`, a process of its own: `concurrency` loops
 * for `seconds`, each signing its own user in again and again through the whole code flow, as a
 * browser without scripts and a confidential client would: the authorization request (PKCE),
 * the user name page, the password page, the redirect with the code, then the code exchanged for
 * tokens at the token endpoint (openid-client). Prints one JSON line: {requests, errors, …}.
 */
import * as oidc from 'openid-client';
import { closedLoops, runAsChild, type LoadResult } from './bench-report.js';
import { authorization, discoveredClient } from '../test/support/relying-party.js';
import { SignInBrowser } from '../test/support/sign-in-flow.js';

export interface SignInFixtures {
  /** The issuer (PUBLIC_URL), where the API listens. */
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  /** The API's resource indicator: the access token is a JWT for the API. */
  resource: string;
  /** One user name per loop, each with `password`. */
  userNames: string[];
  password: string;
  /** Applications of projects with every check on and with none, the users holding a role. */
  checksOn: { clientId: string; clientSecret: string };
  checksOff: { clientId: string; clientSecret: string };
}

export interface SignInLoadSpec {
  concurrency: number;
  seconds: number;
  runId: string;
  fixtures: SignInFixtures;
}

async function runSignIns(spec: SignInLoadSpec): Promise<LoadResult> {
  const { fixtures } = spec;
  const client = await discoveredClient(
    fixtures.publicUrl,
    fixtures.clientId,
    fixtures.clientSecret,
  );
  return closedLoops(spec.concurrency, spec.seconds, async (loop) => {
    const { url, checks } = await authorization(client);
    const userName = fixtures.userNames[loop % fixtures.userNames.length]!;
    const browser = new SignInBrowser(fixtures.publicUrl);
    const landed = await browser.signIn(url, userName, fixtures.password);
    if (!landed.url.includes('code=')) return false;
    const tokens = await oidc.authorizationCodeGrant(client, new URL(landed.url), checks, {
      resource: fixtures.resource,
    });
    return typeof tokens.access_token === 'string';
  });
}

runAsChild(runSignIns);
