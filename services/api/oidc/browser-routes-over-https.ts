import type { KoaContextWithOIDC } from 'oidc-provider';
import { OIDC_PREFIX } from './oidc-paths.js';

/** The provider's error page, as the sign-in pages render it. */
type ErrorPage = (
  acceptLanguage: string | undefined,
  out: { error: string; error_description?: string },
) => string;

/** The provider's routes a browser opens, which keep the sign-in and the session in cookies. */
const BROWSER_ROUTES = [`${OIDC_PREFIX}/auth`, `${OIDC_PREFIX}/session/end`];

/**
 * Under an https `PUBLIC_URL` the provider's cookies are Secure, and a request that did not come
 * over https (the proxy in front says so with X-Forwarded-Proto) cannot be given one: koa refuses
 * to set it, which the provider answered as a 500. Such a request to a route that sets them gets
 * the provider's error page instead, 400, saying that the sign-in is served over https only. The
 * machine endpoints (token, introspection, revocation, userinfo, keys, discovery) set no cookie
 * and answer over either.
 */
export function browserRoutesOverHttps(publicUrl: string, errorPage: ErrorPage) {
  const httpsOnly = publicUrl.startsWith('https:');
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    const browserRoute = BROWSER_ROUTES.some(
      (route) => ctx.path === route || ctx.path.startsWith(`${route}/`),
    );
    if (!httpsOnly || ctx.secure || !browserRoute) return next();
    ctx.status = 400;
    ctx.type = 'html';
    ctx.body = errorPage(ctx.get('accept-language'), {
      error: 'invalid_request',
      error_description: `sign-in is served over https only: ${publicUrl}`,
    });
  };
}
