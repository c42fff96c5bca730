import { request } from 'node:http';

export interface ForeignRequests {
  /** Headers set on every request over its own: a Host, X-Forwarded-Host, X-Forwarded-Proto. */
  headers: Record<string, string>;
  /** Sends the request-target in absolute form (`GET http://host/path`), with that URL's host. */
  absoluteForm?: string;
}

/**
 * What fetch cannot do: a request whose Host (or request-target) names another server, as a
 * forged request or a misconfigured proxy would send it. Each request goes to `address` (where
 * the service listens) whatever the host of its URL, and its answer comes back as a Response,
 * redirects not followed. Every Location answered is kept in `locations`.
 */
export function foreignHostFetch(address: string, foreign: ForeignRequests, locations: string[]) {
  const { hostname, port } = new URL(address);
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const { pathname, search } = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers));
    const path = foreign.absoluteForm
      ? new URL(`${pathname}${search}`, foreign.absoluteForm).href
      : `${pathname}${search}`;
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          hostname,
          port,
          path,
          method: init.method ?? 'GET',
          headers: { ...headers, ...foreign.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const answered = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              for (const one of [value ?? []].flat()) answered.append(name, one);
            const location = answered.get('location');
            if (location) locations.push(location);
            const status = response.statusCode!;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answered }));
          });
        },
      );
      sent.on('error', reject);
      sent.end(typeof init.body === 'string' ? init.body : undefined);
    });
  };
}
