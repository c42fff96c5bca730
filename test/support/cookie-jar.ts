/**
 * The cookies a browser would keep for one origin, for following a sign-in with plain fetch:
 * each cookie by name and path, sent on requests under its path, removed when expired.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  /** How a request is sent: fetch, unless a test sends it otherwise (with a Host of its own). */
  send: (url: string, init: RequestInit) => Promise<Response> = fetch;

  /** Keeps what the response's `Set-Cookie` headers set. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const gone = value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { value, path });
    }
  }

  /** The `Cookie` header for a request to `url`. */
  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies]
      .filter(
        ([, { path }]) =>
          pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(([key, { value }]) => `${key.slice(0, key.indexOf(';'))}=${value}`)
      .join('; ');
  }

  /** fetch with these cookies, redirects left to the caller; the answer's cookies kept. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await this.send(url, { ...init, headers, redirect: 'manual' });
    this.take(response);
    return response;
  }
}
