import type { Response, Router } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from '../../../../shared/logging/logger.js';
import {
  IDP_SIGN_OUT_COOKIE,
  IDP_SIGNED_OUT_PATH,
  type UpstreamSignOut,
} from '../../brokering/upstream-sign-out.js';
import { END_SESSION_PATH, SESSION_SECONDS } from '../../oidc/oidc-paths.js';
import { failurePage } from '../kit/page-route.js';
import { signedOutPage } from './provider-pages.js';

/**
 * Signing out at the identity provider too (issue 43, `signOutAtProvider`), the transport's
 * side of UpstreamSignOut: the browser's reference to the provider's ID token (a cookie sent to
 * the end-session path alone), the provider's end-session confirmation sent on to the provider,
 * and the way back.
 */

/** The reference's cookie: HttpOnly, SameSite=Lax, Secure under https, for the end-session. */
const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'lax', secure, path: END_SESSION_PATH }) as const;

/** Gives the browser the reference to the ID token kept for its session. */
export function keepForSignOut(response: Response, reference: string, secure: boolean): void {
  response.cookie(IDP_SIGN_OUT_COOKIE, reference, {
    ...cookieOptions(secure),
    maxAge: SESSION_SECONDS * 1000,
  });
}

/**
 * On the provider (koa), around its end-session confirmation: once the person chose to sign out
 * and our session is ended (oidc-provider answers a redirect to the client's
 * post_logout_redirect_uri with its state, or to the signed-out page), a browser holding the
 * reference to a provider's ID token of that person goes to the provider's end-session instead,
 * and the reference is removed. Anything failing here leaves the redirect as it was: our session
 * is ended all the same.
 */
export function endSessionAtProvider(signOut: UpstreamSignOut, logger: Logger) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    const session = ctx.oidc?.session as { destroyed?: boolean; accountId?: string } | undefined;
    if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
    if (!session?.destroyed || !session.accountId) return;
    const reference = ctx.cookies.get(IDP_SIGN_OUT_COOKIE, { signed: false });
    if (!reference) return;
    try {
      const destination = ctx.response.get('location');
      const { url, used } = await signOut.away(reference, session.accountId, destination);
      if (used)
        ctx.cookies.set(IDP_SIGN_OUT_COOKIE, null, { ...cookieOptions(ctx.secure), signed: false });
      if (url) ctx.redirect(url.href);
    } catch (error) {
      const { name, message } = error as Error;
      logger.warn({ error: name, message }, 'signing out at the identity provider failed');
    }
  };
}

/**
 * The way back from a provider's end-session (`PUBLIC_URL/ui/login/idp/signed-out`): on to
 * where the sign-out was going, named by the `state` (once); without one known, the signed-out
 * page (the person's session here is ended either way).
 */
export function idpSignedOutRoute(router: Router, signOut: UpstreamSignOut, logger: Logger) {
  router.get(IDP_SIGNED_OUT_PATH, async (request, response) => {
    response.set('cache-control', 'no-store');
    try {
      const state = typeof request.query.state === 'string' ? request.query.state : '';
      const destination = await signOut.back(state);
      if (destination) return void response.redirect(303, destination);
      response
        .status(200)
        .type('html')
        .send(signedOutPage(request.get('accept-language')));
    } catch (error) {
      failurePage(request, response, logger, error);
    }
  });
}
