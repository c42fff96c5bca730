import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { UPSTREAM_CLIENTS } from './identity-providers.js';

/** What the upstream does wrong on purpose. */
export interface Misbehaviour {
  /** The authorization response's `iss`: another issuer's, or none at all. */
  iss?: 'wrong' | 'missing';
}

/**
 * A second OpenID provider (oidc-provider) on a loopback port: the identity provider our service
 * signs people in through, in the tests. Its people are the test's (`accounts`: subject → claims),
 * and an authorization signs in as `signInAs` without a page of its own (what it does at its
 * login is not what is tested). It knows our service as two confidential clients whose redirect
 * URI is our callback (and, when given, whose post-logout redirect URI is our signed-out
 * address), records each authorization request as it came, each time it signed someone in at
 * its own login, each end-session request and each session it ended, serves a GitHub-like user
 * endpoint (`/api/user`, JSON with `id`) for OAuth, and misbehaves on demand (`misbehave`).
 */
export class UpstreamProvider {
  readonly clientSecret = randomBytes(24).toString('base64url');
  readonly accounts = new Map<string, Record<string, unknown>>();
  /** The subject the next authorization signs in as. */
  signInAs: string | undefined;
  /** Run as the upstream signs the person in, before it answers our callback. */
  whileSigningIn: (() => Promise<unknown>) | undefined;
  misbehave: Misbehaviour = {};
  /** The query of each authorization request, as it arrived. */
  readonly authorizationRequests: URLSearchParams[] = [];
  /** The subject of each sign-in at its own login (none when its session signed the person in). */
  readonly signIns: string[] = [];
  /** The query of each end-session request (RP-initiated logout), as it arrived. */
  readonly endSessionRequests: URLSearchParams[] = [];
  /** The subject of each session it ended at the person's confirmation. */
  readonly signOuts: string[] = [];
  issuer!: string;
  private server!: Server;
  private provider!: Provider;
  private callback!: ReturnType<Provider['callback']>;

  private constructor(
    private readonly redirectUri: string,
    private readonly requirePkce: boolean,
    private readonly postLogoutRedirectUri: string | undefined,
  ) {}

  /**
   * @param redirectUri our callback, `PUBLIC_URL/ui/login/idp/callback`
   * @param requirePkce false: an upstream that accepts authorization requests without PKCE
   * @param postLogoutRedirectUri our way back from its end-session,
   *   `PUBLIC_URL/ui/login/idp/signed-out`
   */
  static async start(
    redirectUri: string,
    {
      requirePkce = true,
      postLogoutRedirectUri,
    }: { requirePkce?: boolean; postLogoutRedirectUri?: string } = {},
  ): Promise<UpstreamProvider> {
    return new UpstreamProvider(redirectUri, requirePkce, postLogoutRedirectUri).listen();
  }

  /**
   * An account of the upstream with `claims` (in its ID tokens and userinfo; `userinfo`: claims
   * its userinfo says instead); its subject.
   */
  addAccount(claims: Record<string, unknown>, subject = `up-${randomBytes(6).toString('hex')}`) {
    this.accounts.set(subject, claims);
    return subject;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async listen(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}`;
    this.provider = await this.createProvider();
    this.callback = this.provider.callback();
    return this;
  }

  private async createProvider(): Promise<Provider> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'upstream' };
    const client = (id: string, method: 'client_secret_basic' | 'client_secret_post') => ({
      client_id: id,
      client_secret: this.clientSecret,
      redirect_uris: [this.redirectUri],
      ...(this.postLogoutRedirectUri && {
        post_logout_redirect_uris: [this.postLogoutRedirectUri],
      }),
      grant_types: ['authorization_code'],
      response_types: ['code'] as ['code'],
      token_endpoint_auth_method: method,
    });
    const provider = new Provider(this.issuer, {
      clients: [
        client(UPSTREAM_CLIENTS.basic, 'client_secret_basic'),
        client(UPSTREAM_CLIENTS.post, 'client_secret_post'),
      ],
      jwks: { keys: [key as never] },
      // Its cookies are named apart from ours: both live on 127.0.0.1, and cookies have no port.
      cookies: {
        keys: [randomBytes(16).toString('hex')],
        names: { session: 'up_session', interaction: 'up_interaction', resume: 'up_resume' },
      },
      claims: {
        openid: ['sub'],
        profile: ['name', 'given_name', 'family_name', 'nickname', 'preferred_username'],
        email: ['email', 'email_verified'],
      },
      // The ID token carries the scopes' claims too (for isIdTokenMapping).
      conformIdTokenClaims: false,
      pkce: { required: () => this.requirePkce },
      features: {
        devInteractions: { enabled: false },
        // Its sign-out asks, as a provider's does: the form and one button (#up-sign-out).
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx, form) => {
            ctx.body = `<!DOCTYPE html><title>Upstream sign-out</title>${form}
              <button id="up-sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
          },
          postLogoutSuccessSource: (ctx) => {
            ctx.body = '<!DOCTYPE html><title>Upstream</title><p>signed out upstream</p>';
          },
        },
      },
      // `userinfo` in an account's claims: what its userinfo says beside (or over) the rest.
      findAccount: (_ctx, sub) => {
        const stored = this.accounts.get(sub);
        if (!stored) return undefined;
        const { userinfo, ...claims } = stored as { userinfo?: object };
        return {
          accountId: sub,
          claims: (use) => ({ sub, ...claims, ...(use === 'userinfo' && userinfo) }),
        };
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope(String(ctx.oidc.params!.scope ?? ''));
        await grant.save();
        return grant;
      },
    });
    provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
      this.signOuts.push(ctx.oidc.session?.accountId ?? '');
    });
    provider.use(async (ctx, next) => {
      if (ctx.path === '/auth')
        this.authorizationRequests.push(new URLSearchParams(ctx.querystring));
      if (ctx.path === '/session/end')
        this.endSessionRequests.push(new URLSearchParams(ctx.querystring));
      await next();
      const location = String(ctx.response.get('location') ?? '');
      if (!this.misbehave.iss || !location.startsWith(this.redirectUri)) return;
      const url = new URL(location);
      if (this.misbehave.iss === 'wrong') url.searchParams.set('iss', 'http://127.0.0.1:1');
      else url.searchParams.delete('iss');
      ctx.redirect(url.href);
    });
    return provider;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = new URL(request.url ?? '/', this.issuer).pathname;
      if (path.startsWith('/interaction/')) return await this.signIn(request, response);
      if (path === '/api/user') return await this.user(request, response);
      void this.callback(request, response);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  }

  /** The upstream's sign-in: as `signInAs`, or refused (access_denied) when none is set. */
  private async signIn(request: IncomingMessage, response: ServerResponse): Promise<void> {
    await this.provider.interactionDetails(request, response);
    await this.whileSigningIn?.();
    if (this.signInAs) this.signIns.push(this.signInAs);
    const result = this.signInAs
      ? { login: { accountId: this.signInAs } }
      : { error: 'access_denied', error_description: 'nobody signed in' };
    await this.provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
  }

  /** A GitHub-like user endpoint: the bearer's account as `{id, login, name, email}`. */
  private async user(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer && (await this.provider.AccessToken.find(bearer));
    const claims = token && this.accounts.get(token.accountId);
    if (!token || !claims) {
      response.statusCode = 401;
      return void response.end();
    }
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        id: claims.numericId ?? token.accountId,
        login: claims.preferred_username,
        name: claims.name,
        email: claims.email,
      }),
    );
  }
}
