import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

interface PagePolicy {
  /** Under an https PUBLIC_URL: HSTS, and subresources asked for over https only. */
  secure: boolean;
  /**
   * Style attributes and elements the page's own script writes (Swagger UI's); otherwise styles
   * come from this origin's files only.
   */
  inlineStyles?: boolean;
}

/**
 * The headers of the pages people open (helmet): no origin may frame them (`frame-ancestors
 * 'none'`, and `X-Frame-Options: DENY` for browsers without CSP 3), scripts and styles come from
 * this origin's files only (no inline script, no eval), calls go to this origin only, no page
 * tells another site where it was (`no-referrer`), and no file is sniffed into another type.
 *
 * No `form-action`: a sign-in form's answer redirects to the client's redirect URI, on any origin,
 * and browsers hold a redirect after a form to that directive too. No cross-origin opener
 * isolation either: a relying party may open the sign-in in a popup and read its answer there.
 */
function policy({ secure, inlineStyles = false }: PagePolicy): HeadersHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        ...(secure && { upgradeInsecureRequests: [] }),
      },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // For PUBLIC_URL's host alone: its parent domain's other hosts are not the service's to bind.
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}

/**
 * The pages' headers, by path: the API page (Swagger UI), and the rest of `/ui/` (sign-in,
 * activation, passkey registration, the profile page, and their files), and the provider's pages
 * under `/oidc/` (sign-out, errors, form_post; on its JSON answers they cost nothing). The pages
 * with a form or a code say `Cache-Control: no-store` themselves (the provider's do).
 */
export function pageHeaders(publicUrl: string): RequestHandler {
  const headersOf = pageHeadersOf(publicUrl);
  return (request, response, next) => headersOf(request.path)(request, response, next);
}

/** The headers' handler for a path (helmet's, on Node's request and response alike). */
export function pageHeadersOf(publicUrl: string): (path: string) => HeadersHandler {
  const secure = publicUrl.startsWith('https:');
  const apiPage = policy({ secure, inlineStyles: true });
  const pages = policy({ secure });
  return (path) => {
    if (path === '/ui/api' || path.startsWith('/ui/api/')) return apiPage;
    if (path.startsWith('/ui/') || path.startsWith('/oidc/')) return pages;
    return none;
  };
}

/** helmet's middleware, which takes Node's own request and response as well as express's. */
export type HeadersHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

const none: HeadersHandler = (_request, _response, next) => next();
