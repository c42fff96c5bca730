import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { createClient } from '../../services/api/oidc/clients.js';
import { describeWithService } from '../support/databases.js';
import { buildOwnerWithPassword } from '../support/factories.js';
import { foreignHostFetch, type ForeignRequests } from '../support/foreign-host.js';
import { addGeneratedKey, assertionKey, buildMachine } from '../support/machine-users.js';
import { publicUrlEnv, REDIRECT_URI } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';
import type { TestService } from '../support/test-service.js';

/** A server that is not this one, as a forged request or a careless proxy would name it. */
const FOREIGN_ORIGIN = 'http://evil.example:1234';
const POST_LOGOUT_URI = 'http://127.0.0.1:1/signed-out';
/** What discovery names, each checked. */
const ENDPOINTS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
  'end_session_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
];

/** A foreign Host and X-Forwarded-Host (which a proxy sets), and the proxy's protocol. */
function foreignHeaders(publicUrl: string): Record<string, string> {
  return {
    host: new URL(FOREIGN_ORIGIN).host,
    'x-forwarded-host': 'forwarded.evil.example',
    'x-forwarded-proto': new URL(publicUrl).protocol.slice(0, -1),
  };
}

/** Every way of naming another server: Host and X-Forwarded-Host, or the request-target. */
function foreignRequests(publicUrl: string): [string, ForeignRequests][] {
  const headers = foreignHeaders(publicUrl);
  return [
    ['a foreign Host and X-Forwarded-Host', { headers }],
    ['an absolute request-target', { headers, absoluteForm: FOREIGN_ORIGIN }],
  ];
}

/** Where a URL the provider answered may point: here, or the client's own redirect URIs. */
function expectOurs(url: string, publicUrl: string, what: string) {
  if (url.startsWith('/') && !url.startsWith('//')) return;
  const theClients = url.startsWith(`${REDIRECT_URI}?`) || url.startsWith(POST_LOGOUT_URI);
  if (theClients) {
    const issuer = new URL(url).searchParams.get('iss');
    if (issuer !== null) expect(issuer, `${what}: iss`).to.equal(publicUrl);
    return;
  }
  expect(url, what).to.satisfy((at: string) => at === publicUrl || at.startsWith(`${publicUrl}/`));
}

/** A confidential client's code flow up to its first redirect, as a relying party starts one. */
async function authorizationUrl(service: TestService) {
  const { clientId } = await createClient(service.dataSource, service.config, {
    name: 'Pinned',
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [POST_LOGOUT_URI],
    confidential: true,
  });
  const challenge = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
  });
  return { clientId, url: `${service.config.publicUrl}/oidc/auth?${query}` };
}

for (const [title, env] of [
  ['http', publicUrlEnv],
  ['https behind a proxy', { PUBLIC_URL: 'https://id.example.test' }],
] as const)
  describeWithService(
    `The provider's URLs come from PUBLIC_URL (${title})`,
    (service) => {
      const publicUrl = () => service.config.publicUrl;

      it('discovery names PUBLIC_URL alone, whatever the request names', async () => {
        const otherProtocol: [string, ForeignRequests] = [
          'the other protocol forwarded',
          { headers: { 'x-forwarded-proto': publicUrl().startsWith('https:') ? 'http' : 'https' } },
        ];
        for (const [how, foreign] of [...foreignRequests(publicUrl()), otherProtocol]) {
          const send = foreignHostFetch(service.api.url, foreign, []);
          const response = await send(`${publicUrl()}/.well-known/openid-configuration`);
          expect(response.status, how).to.equal(200);
          const text = await response.text();
          expect(text, how).not.to.include('evil');
          const urls = Object.entries(JSON.parse(text) as Record<string, unknown>).filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === 'string' && /^https?:/.test(entry[1]),
          );
          expect(
            urls.map(([name]) => name),
            how,
          ).to.include.members(ENDPOINTS);
          for (const [name, url] of urls) expectOurs(url, publicUrl(), `${how}: ${name}`);
        }
      });

      it('every redirect of a sign-in and a sign-out names PUBLIC_URL or the client', async () => {
        for (const [how, foreign] of foreignRequests(publicUrl())) {
          const owner = await buildOwnerWithPassword(service);
          const locations: string[] = [];
          const browser = new SignInBrowser(publicUrl());
          browser.jar.send = foreignHostFetch(service.api.url, foreign, locations);
          const { clientId, url } = await authorizationUrl(service);
          const landed = await browser.signIn(url, owner.userName, owner.password);
          expect(landed.url, `${how}: ${landed.html}`).to.match(
            /^http:\/\/127\.0\.0\.1:1\/callback\?code=/,
          );

          const signOut = await browser.open(
            `${publicUrl()}/oidc/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: POST_LOGOUT_URI })}`,
          );
          const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(
            signOut.html,
          );
          expect(action?.[1], `${how}: the sign-out form`).to.equal(
            `${publicUrl()}/oidc/session/end/confirm`,
          );
          const xsrf = /name="xsrf" value="([^"]+)"/.exec(signOut.html)![1]!;
          const signedOut = await browser.open(action![1]!, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
          });
          expect(signedOut.url, how).to.equal(POST_LOGOUT_URI);

          expect(locations.length, how).to.be.greaterThan(4);
          for (const location of locations) expectOurs(location, publicUrl(), how);
        }
      });

      if (title.startsWith('https'))
        it('answers a page of the sign-in reached without https with a 400 saying so, and machines over either', async () => {
          const { url } = await authorizationUrl(service);
          for (const forwarded of [{}, { 'x-forwarded-proto': 'http' }] as Record<
            string,
            string
          >[]) {
            const send = foreignHostFetch(service.api.url, { headers: forwarded }, []);
            for (const page of [url, `${publicUrl()}/oidc/session/end`]) {
              const response = await send(page);
              expect(response.status, page).to.equal(400);
              expect(response.headers.get('content-type')).to.match(/^text\/html/);
              expect(await response.text()).to.include('sign-in is served over https only');
            }
            const discovery = await send(`${publicUrl()}/.well-known/openid-configuration`);
            expect(discovery.status).to.equal(200);
          }
          const overHttps = foreignHostFetch(
            service.api.url,
            { headers: { 'x-forwarded-proto': 'https' } },
            [],
          );
          expect((await overHttps(url)).status).to.equal(303);
        });

      it("refuses a client assertion made for another server's token endpoint, sent with its Host", async () => {
        const machine = await buildMachine(service);
        const { file } = await addGeneratedKey(service, machine);
        const { key } = await assertionKey(file);
        const assertion = (audience: string) =>
          new SignJWT({ jti: randomUUID() })
            .setProtectedHeader({ alg: 'RS256', kid: file.keyId })
            .setIssuer(machine.userId)
            .setSubject(machine.userId)
            .setAudience(audience)
            .setIssuedAt()
            .setExpirationTime('1m')
            .sign(key);
        const tokenRequest = async (audience: string, foreign: ForeignRequests) => {
          const send = foreignHostFetch(service.api.url, foreign, []);
          const response = await send(`${publicUrl()}/oidc/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
              client_assertion: await assertion(audience),
            }).toString(),
          });
          return { status: response.status, body: (await response.json()) as { error?: string } };
        };
        for (const [how, foreign] of foreignRequests(publicUrl())) {
          for (const audience of [`${FOREIGN_ORIGIN}/oidc/token`, FOREIGN_ORIGIN]) {
            const refused = await tokenRequest(audience, foreign);
            expect(refused.status, `${how}, aud ${audience}`).to.equal(401);
            expect(refused.body.error, `${how}, aud ${audience}`).to.equal('invalid_client');
          }
          // The same request with this server's token endpoint as the audience gets its token.
          const taken = await tokenRequest(`${publicUrl()}/oidc/token`, foreign);
          expect(taken.status, `${how}: ${JSON.stringify(taken.body)}`).to.equal(200);
        }
      });
    },
    env,
  );
