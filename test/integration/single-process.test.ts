import type { ChildProcess } from 'node:child_process';
import { pollUntil } from '../support/poll.js';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startApiProcess } from '../support/api-process.js';
import { scrape, valueOf } from '../support/prometheus.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

describe('npm start without Kafka, Redis or SMTP: the API and the worker in one process', function () {
  this.timeout(90_000);
  let service: TestService;
  let api: ChildProcess | undefined;
  let folder: string | undefined;

  before(async () => {
    service = await TestService.start({ KAFKA_BROKERS: '', REDIS_URL: '' });
  });
  after(async () => {
    api?.kill('SIGKILL');
    await service.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('imports, mails to a folder, reads the profile back, and shows the worker in /metrics', async () => {
    const { config } = service;
    folder = await mkdtemp(join(tmpdir(), 'identity-emails-'));
    const emailDir = join(folder, 'emails');
    const started = await startApiProcess(config, { EMAIL_DIR: emailDir });
    api = started.child;
    const { url } = started;
    const stderr = () => started.stderr();

    const owner = await buildOwner(service);
    const imported = await fetch(`${url}/management/v1/users/human/_import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        userName: 'single',
        profile: { firstName: 'Single', lastName: 'Process' },
        email: { email: 'single@example.com' },
      }),
    });
    expect(imported.status, stderr()).to.equal(200);
    const { userId } = (await imported.json()) as { userId: string };
    const token = await service.token(userId);

    const { profile, emails } = await pollUntil(
      async () => ({
        profile: await fetch(`${url}/auth/v1/users/me/profile`, {
          headers: { authorization: `Bearer ${token}` },
        }),
        emails: (await readdir(emailDir).catch(() => [])).filter((name) => name.endsWith('.eml')),
      }),
      (read) => read.profile.status === 200 && read.emails.length >= 2,
    );
    expect(profile.status, stderr()).to.equal(200);
    expect(((await profile.json()) as { profile: object }).profile).to.include({
      firstName: 'Single',
      lastName: 'Process',
    });
    // The owner's email and the imported user's.
    expect(emails).to.have.length(2);

    // Events every consumer has read count as published; they are marked every second.
    const metrics = await pollUntil(
      () => scrape(url),
      (samples) => valueOf(samples, 'identity_outbox_unpublished_events') === 0,
      5000,
    );
    expect(valueOf(metrics, 'identity_emails_total', { outcome: 'sent' })).to.equal(2);
    expect(metrics.some((sample) => sample.name === 'identity_consumer_lag_messages')).to.equal(
      true,
    );
    expect(valueOf(metrics, 'identity_outbox_unpublished_events')).to.equal(0);

    api.kill('SIGTERM');
    const [code] = (await once(api, 'exit')) as [number | null];
    api = undefined;
    expect(code, stderr()).to.equal(0);
  });
});
