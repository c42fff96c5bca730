import { expect } from 'chai';
import { startOpsServer } from '../../services/ops/ops-routes.js';
import type { RunningWorker } from '../../services/worker/worker.js';
import { pollUntil } from '../support/poll.js';
import { scrape, valueOf, type Sample } from '../support/prometheus.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

/** Sum of the consumer lag of one consumer group over its partitions. */
function lagOf(samples: Sample[], group: string): number {
  return samples
    .filter((s) => s.name === 'identity_consumer_lag_messages' && s.labels.group === group)
    .reduce((sum, s) => sum + s.value, 0);
}

describe("the worker's probes and metrics", function () {
  this.timeout(90_000);
  let smtp: SmtpSink;
  let service: TestService;
  let worker: RunningWorker;
  let ops: Awaited<ReturnType<typeof startOpsServer>>;
  let url: string;

  before(async () => {
    smtp = await new SmtpSink().start();
    service = await TestService.start({ SMTP_URL: smtp.url, HEALTH_CHECK_INTERVAL_MS: '100' });
    await service.startRelay();
    worker = await service.startWorker();
    ops = await startOpsServer(worker.registry, worker.readiness, 0);
    url = `http://127.0.0.1:${ops.port}`;
  });
  after(async () => {
    await new Promise((resolve) => ops?.server.close(resolve));
    await service?.close();
    await smtp?.stop();
  });

  it('is ready with its database, Kafka and Redis', async () => {
    expect((await fetch(`${url}/healthz`)).status).to.equal(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({
      status: 'SERVING',
      checks: { database: 'ok', kafka: 'ok', redis: 'ok' },
    });
  });

  it('shows consumer lag rising while consumers are paused and falling to 0, and emails counted', async () => {
    const owner = await buildOwner(service);
    const group = `${service.config.worker.consumerGroupPrefix}.initialization-email`;
    const before = await scrape(url);
    const sentBefore = valueOf(before, 'identity_emails_total', { outcome: 'sent' });
    expect(sentBefore).to.be.at.most(smtp.received.length);
    const completedBefore = valueOf(before, 'identity_email_queue_jobs', { state: 'completed' });

    const topics = [service.topics.user, service.topics.project];
    for (const consumerGroup of worker.groups)
      consumerGroup.pause(topics.map((topic) => ({ topic })));
    for (let i = 0; i < 4; i++) {
      const response = await service.importUser(
        {
          userName: `lag-${i}`,
          profile: { firstName: 'Lag', lastName: `${i}` },
          email: { email: `lag-${i}@example.com` },
        },
        { token: owner.token },
      );
      expect(response.status).to.equal(200);
    }
    const behind = await pollUntil(
      () => scrape(url),
      (samples) => lagOf(samples, group) >= 4,
    );
    expect(lagOf(behind, group)).to.be.at.least(4);

    for (const consumerGroup of worker.groups)
      consumerGroup.resume(topics.map((topic) => ({ topic })));
    const sent = (samples: Sample[]) =>
      valueOf(samples, 'identity_emails_total', { outcome: 'sent' });
    const caughtUp = await pollUntil(
      () => scrape(url),
      (samples) =>
        lagOf(samples, group) === 0 &&
        sent(samples) >= sentBefore + 4 &&
        sent(samples) === smtp.received.length,
    );
    expect(lagOf(caughtUp, group)).to.equal(0);
    expect(smtp.received.filter((mail) => mail.to[0]!.startsWith('lag-'))).to.have.length(4);
    // Every email this worker sent is counted (the owner's too, when it was due one).
    expect(valueOf(caughtUp, 'identity_emails_total', { outcome: 'sent' })).to.equal(
      smtp.received.length,
    );
    expect(valueOf(caughtUp, 'identity_email_queue_jobs', { state: 'completed' })).to.be.at.least(
      completedBefore + 4,
    );
  });
});
