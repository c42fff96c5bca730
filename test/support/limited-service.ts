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
  const limited = {} as LimitedService;
  before(async () => {
    limited.proxy = new TcpProxy('127.0.0.1', 3306);
    limited.service = await TestService.start(
      { RATE_LIMIT_REQUESTS: '1', RATE_LIMIT_WINDOW_SECONDS: '3600' },
      await limited.proxy.start(),
    );
    limited.orgId = (await buildOrg(limited.service)).orgId;
  });
  after(async () => {
    await limited.proxy?.cut();
    await limited.service?.close();
  });
  return limited;
}
