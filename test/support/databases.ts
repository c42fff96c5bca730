import { forgetResendCounts } from './redis-keys.js';
import { SmtpSink } from './smtp-sink.js';
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

/**
 * describeWithService for a flow that sends email, distributed as deployed: the service's relay
 * and worker run, and its mail goes to an SMTP sink of the suite's own, started before the
 * service and stopped after it, with the "new link" rate counts of its Redis forgotten.
 */
export function describeDelivering(
  title: string,
  body: (this: Mocha.Suite, service: TestService, smtp: () => SmtpSink) => void,
  env: Env = {},
): void {
  let smtp: SmtpSink | undefined;
  const sink = () => smtp ?? expectedStarted();
  describeWithService(
    title,
    function (service) {
      before(async () => {
        await service.startRelay();
        await service.startWorker();
      });
      after(async () => {
        await smtp?.stop();
        if (service.config.redisUrl) await forgetResendCounts(service.config);
      });
      body.call(this, service, sink);
    },
    async () => {
      smtp = await new SmtpSink().start();
      return { SMTP_URL: smtp.url, ...(typeof env === 'function' ? await env() : env) };
    },
  );
}

function expectedStarted(): never {
  throw new Error('the SMTP sink starts with the service, before the first hook');
}
