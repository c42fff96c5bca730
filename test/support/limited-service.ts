import { buildOrg } from './factories.js';
import { TcpProxy } from './tcp-proxy.js';
import { TestService } from './test-service.js';

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
