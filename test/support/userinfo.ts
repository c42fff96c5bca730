import { expect } from 'chai';
import * as oidc from 'openid-client';
import { authorization } from './relying-party.js';
import { pageError, SignInBrowser } from './sign-in-flow.js';
import type { TestService } from './test-service.js';

/**
 * What userinfo (/oidc/me) says of a person, with the access token of a sign-in of `client`
 * through the pages with their user name and password.
 */
export async function userinfoOf(
  service: TestService,
  client: oidc.Configuration,
  person: { userName: string; userId: string; password: string },
): Promise<oidc.UserInfoResponse> {
  const browser = new SignInBrowser(service.config.publicUrl);
  const { url, checks } = await authorization(client);
  const landed = await browser.signIn(url, person.userName, person.password);
  expect(landed.url, pageError(landed)).to.match(/^http:\/\/127\.0\.0\.1:1\/callback\?code=/);
  const tokens = await oidc.authorizationCodeGrant(client, new URL(landed.url), checks);
  return oidc.fetchUserInfo(client, tokens.access_token, person.userId);
}
