import { expect } from 'chai';
import * as oidc from 'openid-client';
import { parseMessage } from './mime-message.js';
import { SignInBrowser } from './sign-in-flow.js';

/**
 * What a person does with an initialization email: opens its "Activate account" link, sets
 * `password` on the page, and sees the account active.
 */
export async function activateFromEmail(
  publicUrl: string,
  rawEmail: string,
  password: string,
): Promise<void> {
  const text = parseMessage(rawEmail)
    .parts.map((part) => part.body)
    .join('\n');
  const link = /https?:\/\/\S+\/ui\/login\/init\?userID=[0-9a-f-]+&code=[\w-]+/.exec(text)?.[0];
  expect(link, 'the email has an activation link').to.be.a('string');
  const browser = new SignInBrowser(publicUrl);
  const page = await browser.open(link!);
  expect(page.status, page.html).to.equal(200);
  const params = new URL(link!).searchParams;
  const active = await browser.submit(page, {
    userID: params.get('userID')!,
    code: params.get('code')!,
    password,
    confirmation: password,
  });
  expect(active.status, active.html).to.equal(200);
}

/**
 * The code flow of the built-in public client `profile-page` with PKCE, begun: the URL to send a
 * browser to, where it lands with the code (`redirectUri`), and what finishes it: the code's URL
 * exchanged for tokens of the API's resource (a refresh token among them), and a refresh.
 */
export async function profilePageFlow(publicUrl: string) {
  const client = await oidc.discovery(new URL(publicUrl), 'profile-page', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const redirectUri = `${publicUrl}/ui/profile`;
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return {
    url: url.href,
    redirectUri,
    finish: (landed: string) =>
      oidc.authorizationCodeGrant(
        client,
        new URL(landed),
        { pkceCodeVerifier: verifier },
        { resource: publicUrl },
      ),
    /** A refresh's new refresh token, or `refused: <error>`. */
    refresh: (refreshToken: string) =>
      oidc.refreshTokenGrant(client, refreshToken, { resource: publicUrl }).then(
        (tokens) => tokens.refresh_token ?? 'refreshed',
        (error: { error?: string }) => `refused: ${error.error}`,
      ),
  };
}

/**
 * The profile page's sign-in without its script: the code flow of the built-in public client
 * `profile-page` with PKCE, the pages filled in, and the code exchanged for the API's access
 * token, as the page's script does.
 */
export async function signInOnProfilePage(
  publicUrl: string,
  userName: string,
  password: string,
): Promise<string> {
  const flow = await profilePageFlow(publicUrl);
  const landed = await new SignInBrowser(publicUrl).signIn(flow.url, userName, password);
  expect(landed.url, 'back on the profile page with a code').to.match(
    new RegExp(`^${flow.redirectUri}\\?code=`),
  );
  return (await flow.finish(landed.url)).access_token;
}
