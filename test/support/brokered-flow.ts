import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { forbidPolicyViolations, launchChromium } from './browser.js';
import { buildOwner, buildProject, type BuiltMember } from './factories.js';
import { addUpstreamProvider, offerProvider, type ProviderFields } from './identity-providers.js';
import { authorization, discoveredClient } from './relying-party.js';
import type { TestService } from './test-service.js';
import { UpstreamProvider } from './upstream-provider.js';

/** Our one callback, which every provider sends the person back to. */
export const callbackOf = (service: TestService) =>
  `${service.config.publicUrl}/ui/login/idp/callback`;

/** Where a provider's end-session sends the person back to us. */
export const signedOutOf = (service: TestService) =>
  `${service.config.publicUrl}/ui/login/idp/signed-out`;

/**
 * What a brokered sign-in's tests stand on: an upstream provider, an organization (its owner) with
 * a project and an application of it, as openid-client sees it (our relying party).
 */
export interface BrokeredStage {
  upstream: UpstreamProvider;
  owner: BuiltMember;
  client: oidc.Configuration;
  /** The application's redirect URI, where a page of the test answers. */
  redirectUri: string;
  /** The application's post-logout redirect URI, answered by the same page. */
  postLogoutRedirectUri: string;
  /** Stops the upstream and the application's page. */
  close(): Promise<void>;
}

export async function brokeredStage(service: TestService): Promise<BrokeredStage> {
  const upstream = await UpstreamProvider.start(callbackOf(service), {
    postLogoutRedirectUri: signedOutOf(service),
  });
  const landing = await applicationPage();
  const application = `http://127.0.0.1:${(landing.address() as AddressInfo).port}`;
  const redirectUri = `${application}/callback`;
  const postLogoutRedirectUri = `${application}/signed-out`;
  const owner = await buildOwner(service);
  const { projectId } = await buildProject(service, { orgId: owner.orgId });
  const app = await service.call('POST', `/management/v1/projects/${projectId}/apps/oidc`, {
    token: owner.token,
    body: {
      name: 'Zoo app',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
    },
  });
  expect(app.status, app.text).to.equal(200);
  const client = await discoveredClient(
    service.config.publicUrl,
    app.body.clientId,
    app.body.clientSecret,
  );
  const close = async () => {
    await upstream.close();
    await new Promise((resolve) => landing.close(resolve));
  };
  return { upstream, owner, client, redirectUri, postLogoutRedirectUri, close };
}

/** The application's page its redirect URI opens: it only says the browser is back. */
async function applicationPage(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<p>back at the application</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** What a suite of brokered sign-ins has once its `before` hooks ran. */
export interface BrokeredSuite {
  browser: Browser;
  stage: BrokeredStage;
  /** Fails the suite's tests in whose course a watched page breached its CSP. */
  csp: ReturnType<typeof forbidPolicyViolations>;
  /** A provider of the owner's organization at the upstream, offered by its login policy. */
  offered(fields?: Partial<ProviderFields>): Promise<{ idpId: string; name: string }>;
}

/** Chromium and a stage for the enclosing suite: made before its tests, stopped after them. */
export function brokeredSuite(service: TestService): BrokeredSuite {
  const suite = { csp: forbidPolicyViolations() } as BrokeredSuite;
  before(async function () {
    this.timeout(600_000);
    suite.browser = await launchChromium();
    suite.stage = await brokeredStage(service);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.stage?.close();
  });
  suite.offered = async (fields = {}) => {
    const name = `Upstream ${Math.random().toString(36).slice(2, 8)}`;
    const { orgId } = suite.stage.owner;
    const idpId = await addUpstreamProvider(service, suite.stage.upstream, {
      orgId,
      name,
      ...fields,
    });
    await offerProvider(service, orgId, idpId);
    return { idpId, name };
  };
  return suite;
}

/** A sign-in in a page of its own: the application's authorization opened, and its checks. */
export interface Journey {
  page: Page;
  checks: { pkceCodeVerifier: string; expectedState: string };
  /** Every URL of our callbacks the browser was sent to: the provider's, then the interaction's. */
  callbacks: string[];
}

/**
 * Opens the application's authorization (with `scope`) in a new page: of a browser context of
 * its own, or of `context` (whose cookies the journeys in it share).
 */
export async function openSignIn(
  browser: Browser,
  stage: BrokeredStage,
  service: TestService,
  {
    scope,
    locale = 'en',
    context,
  }: { scope?: string; locale?: string; context?: BrowserContext } = {},
): Promise<Journey> {
  const { url, checks } = await authorization(stage.client, stage.redirectUri, scope);
  const page = context ? await context.newPage() : await browser.newPage({ locale });
  const callbacks: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(service.config.publicUrl) && url.includes('/idp/callback?'))
      callbacks.push(url);
  });
  await page.goto(url);
  return { page, checks, callbacks };
}

/** Clicks the button of provider `name` on the first step. */
export async function choose(journey: Journey, name: string): Promise<void> {
  await journey.page.click(`#providers button:has-text("${name}")`);
}

/** Waits until the application got its code; the `sub` of the ID token it is exchanged for. */
export async function subjectAtClient(stage: BrokeredStage, journey: Journey): Promise<string> {
  return (await tokensAtClient(stage, journey)).claims()!.sub;
}

/** Waits until the application got its code; the tokens it is exchanged for. */
export async function tokensAtClient(stage: BrokeredStage, journey: Journey) {
  await journey.page.waitForURL((url) => url.href.startsWith(stage.redirectUri));
  return oidc.authorizationCodeGrant(stage.client, new URL(journey.page.url()), journey.checks);
}

/** Waits for a page of ours with an error; what it says. */
export async function errorOn(journey: Journey): Promise<string> {
  await journey.page.waitForSelector('.error');
  return (await journey.page.textContent('.error'))!.trim();
}

/** The types and payloads of an aggregate's events, oldest first. */
export async function eventsOf(service: TestService, aggregateId: string) {
  return (await service.events(aggregateId)).map(({ type, payload }) => ({ type, payload }));
}
