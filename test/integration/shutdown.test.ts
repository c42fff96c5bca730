import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { startApiProcess } from '../support/api-process.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

type Outcome = { status: number; userId?: string } | { refused: string };

describe('SIGTERM in the middle of 200 requests', function () {
  this.timeout(120_000);
  let service: TestService;
  let api: ChildProcess | undefined;

  before(async () => {
    service = await TestService.start();
    service.topicsUsedElsewhere = true;
  });
  after(async () => {
    api?.kill('SIGKILL');
    await service.close();
  });

  it('answers every accepted request in full, publishes what they committed, and exits 0', async () => {
    const { config } = service;
    const owner = await buildOwner(service);
    const started = await startApiProcess(config, {
      KAFKA_BROKERS: config.kafka.brokers.join(','),
      KAFKA_TOPIC_PREFIX: config.kafka.topicPrefix,
      // The relay publishes once at start, then only when stopping: the flush is what is seen.
      RELAY_POLL_INTERVAL_MS: '60000',
      RATE_LIMIT_REQUESTS: '0',
      WORKER_IN_PROCESS: 'false',
      SHUTDOWN_GRACE_MS: '30000',
    });
    api = started.child;
    const { url, exited } = started;

    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        while (next < 200) {
          const index = next++;
          if (index === 100) api!.kill('SIGTERM');
          try {
            const response = await fetch(`${url}/management/v1/users/human/_import`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${owner.token}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                userName: `term-${index}`,
                profile: { firstName: 'Term', lastName: `${index}` },
                email: { email: `term-${index}@example.com`, isEmailVerified: true },
              }),
            });
            const body = (await response.json()) as { userId?: string };
            outcomes.push({ status: response.status, userId: body.userId });
          } catch (error) {
            outcomes.push({ refused: String((error as Error).cause ?? error) });
          }
        }
      }),
    );
    const [code, signal] = await exited;
    api = undefined;
    expect({ code, signal }, started.stderr()).to.deep.equal({ code: 0, signal: null });

    const answered = outcomes.filter(
      (o): o is { status: number; userId?: string } => 'status' in o,
    );
    expect(answered.map((o) => o.status).filter((status) => status !== 200)).to.deep.equal([]);
    expect(answered.every((o) => typeof o.userId === 'string')).to.equal(true);
    expect(answered.length, 'the calls before the signal were answered').to.be.at.least(60);
    expect(outcomes.length).to.equal(200);
    console.log(`      (${answered.length} answered in full, ${200 - answered.length} refused)`);
    // Nothing was accepted without an answer: exactly the answered imports exist.
    expect(await service.count('users', "user_name LIKE 'term-%'")).to.equal(answered.length);
    expect(await service.count('events', 'published_at IS NULL'), 'the relay flushed').to.equal(0);
  });
});
