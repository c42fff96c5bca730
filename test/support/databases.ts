import { TestService } from './test-service.js';

export interface TestDatabase {
  name: string;
  env: Record<string, string>;
}

/**
 * The databases a suite runs on when it holds for both: MariaDB, as deployed, and the embedded
 * SQLite of `npm start` on a bare machine. The handlers and consumers are the same code on both.
 */
export const DATABASES: readonly TestDatabase[] = [
  { name: 'MariaDB', env: {} },
  { name: 'embedded SQLite', env: { DATABASE_URL: '' } },
];

type Env = Record<string, string> | (() => Promise<Record<string, string>>);

/**
 * `describe(title)` over a TestService of its own: started before the body's own `before` hooks
 * and closed after its `after` hooks. `env` is its configuration over the test defaults; as a
 * function, it runs just before the service starts (to start what the service is to connect to,
 * an SMTP sink).
 */
export function describeWithService(
  title: string,
  body: (this: Mocha.Suite, service: TestService) => void,
  env: Env = {},
): void {
  describe(title, function () {
    const service = new TestService();
    before(async () => service.open(typeof env === 'function' ? await env() : env));
    body.call(this, service);
    after(() => service.close());
  });
}

/** describeWithService once per database, as `${title}, on <database>`. */
export function describeOnEachDatabase(
  title: string,
  body: (this: Mocha.Suite, service: TestService, database: TestDatabase) => void,
  env: Env = {},
): void {
  for (const database of DATABASES) {
    describeWithService(
      `${title}, on ${database.name}`,
      function (service) {
        body.call(this, service, database);
      },
      async () => ({ ...database.env, ...(typeof env === 'function' ? await env() : env) }),
    );
  }
}
