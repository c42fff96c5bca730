import type Provider from 'oidc-provider';

/** A request-target in absolute form (`POST http://host/path HTTP/1.1`), which HTTP/1.1 allows. */
const ABSOLUTE = /^https?:\/\//i;

/**
 * Makes every URL the provider forms start with `PUBLIC_URL`'s origin: the endpoints in discovery,
 * the redirects it answers, and the audiences a client assertion (private_key_jwt) may name, which
 * it takes from the URL of the request at hand. koa reads that URL from the Host header (from
 * X-Forwarded-Host behind a proxy), or from an absolute request-target: whoever sends a request
 * could name the server, and an assertion made for another server, sent with that server's Host,
 * would be taken (RFC 7523 §3 wants `aud` to identify this one). The request's path and query are
 * kept. The protocol a proxy forwards (X-Forwarded-Proto) still decides whether the request
 * counts as secure, so whether its cookies may be Secure, and nothing else.
 */
export function pinToPublicUrl(provider: Provider, publicUrl: string): void {
  const { protocol, host, hostname } = new URL(publicUrl);
  const origin = `${protocol}//${host}`;
  const hrefOf = (target: string) => {
    if (!ABSOLUTE.test(target)) return `${origin}${target}`;
    try {
      const url = new URL(target);
      return `${origin}${url.pathname}${url.search}`;
    } catch {
      // Not a URL at all: its path is what follows the scheme and authority, as routing saw it.
      return `${origin}${target.replace(/^https?:\/\/[^/?#]*/i, '') || '/'}`;
    }
  };
  Object.defineProperties(provider.request, {
    host: { get: () => host },
    hostname: { get: () => hostname },
    href: {
      get(this: { originalUrl: string }) {
        return hrefOf(this.originalUrl);
      },
    },
    URL: {
      get(this: { originalUrl: string }) {
        return new URL(hrefOf(this.originalUrl));
      },
    },
  });
}
