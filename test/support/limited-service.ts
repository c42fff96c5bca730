import { expect } from 'chai';
import { buildOrg } from './factories.js';
import { TcpProxy } from './tcp-proxy.js';
import { TestService, type ApiResponse } from './test-service.js';

/** What the hooks of `limitedServiceBehindProxy` set up. */
export interface LimitedService {
  service: TestService;
  /** Between the service and MariaDB: `cut()` makes the database unreachable. */
  proxy: TcpProxy;
  /** An organization of the service's. */
  orgId: string;
}

/**
 * A service whose callers may make one call an hour each, over a database behind a TCP proxy a
 * test can cut: for the 429 and the 503 of every operation. Registers the enclosing suite's
 * `before` and `after` hooks; what they set up is in the object returned, once they have run.
 */
export function limitedServiceBehindProxy(): LimitedService {
  const limited = serviceBehindProxy(() => ({
    RATE_LIMIT_REQUESTS: '1',
    RATE_LIMIT_WINDOW_SECONDS: '3600',
  })) as LimitedService;
  before(async () => {
    limited.orgId = (await buildOrg(limited.service)).orgId;
  });
  return limited;
}

/**
 * A service (`env` over the test defaults) over a database behind a TCP proxy a test can cut.
 * Registers the enclosing suite's hooks, as limitedServiceBehindProxy does.
 */
export function serviceBehindProxy(
  env: () => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Omit<LimitedService, 'orgId'> {
  const behind = {} as Omit<LimitedService, 'orgId'>;
  before(async () => {
    behind.proxy = new TcpProxy('127.0.0.1', 3306);
    behind.service = await TestService.start(await env(), await behind.proxy.start());
  });
  after(async () => {
    await behind.proxy?.cut();
    await behind.service?.close();
  });
  return behind;
}

/** A call of a REST operation: method, path and body. */
export type RestCall = [method: string, path: string, body: unknown];

/**
 * The 429 past the limit and the 503 while the database is unreachable, of every call in
 * `calls` (made as a caller `token()` gives, one each for the limit), each held by `conforms`:
 * two tests of the enclosing suite, which must have made `limited`.
 */
export function answersLimitAndOutage(
  limited: LimitedService,
  calls: readonly RestCall[],
  token: () => Promise<string>,
  conforms: (method: string, path: string, response: ApiResponse, status: number) => void,
  what: string,
): void {
  it(`answers 429 past the limit, for every ${what}`, async () => {
    for (const [method, path, body] of calls) {
      const caller = await token();
      const first = await limited.service.call(method, path, { token: caller, body });
      expect(first.status, JSON.stringify(first.body)).to.not.equal(429);
      conforms(
        method,
        path,
        await limited.service.call(method, path, { token: caller, body }),
        429,
      );
    }
  });

  it(`answers 503 while the database is unreachable, for every ${what}`, async () => {
    const caller = await token();
    await limited.proxy.cut();
    for (const [method, path, body] of calls)
      conforms(
        method,
        path,
        await limited.service.call(method, path, { token: caller, body }),
        503,
      );
  });
}
