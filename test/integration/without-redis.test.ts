import { expect } from 'chai';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { InitializationEmailConsumer } from '../../services/worker/consumers/initialization-email/initialization-email.consumer.js';
import { secretKeyOf } from '../../shared/credentials/secret-key.js';
import { ConsumerCursor } from '../../shared/db/entities/index.js';
import { pollUntil } from '../support/poll.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

describe('email jobs without Redis', function () {
  this.timeout(60_000);
  let service: TestService;

  before(async () => {
    service = await TestService.start({ KAFKA_BROKERS: '', REDIS_URL: '' });
    expect(service.config.redisUrl).to.equal(undefined);
  });
  after(() => service.close());

  const waitForEmails = (count: number) =>
    pollUntil(
      () => service.emailFiles(),
      (files) => files.length >= count,
      20_000,
    );

  it('sends through a queue in the process, and sends at start what a stopped worker left unsent', async () => {
    const owner = await buildOwner(service);
    // A code stored and its job queued where nothing sends it: as if the worker stopped there.
    const imported = await service.importUser(
      {
        userName: 'left-unsent',
        profile: { firstName: 'Left', lastName: 'Unsent' },
        email: { email: 'left-unsent@example.com' },
      },
      { token: owner.token },
    );
    const [added] = await service.events(imported.body.userId);
    const nowhere = {
      has: async () => false,
      add: async () => true,
      health: async () => ({}) as never,
    };
    await new InitializationEmailConsumer(
      service.dataSource,
      service.config,
      nowhere,
      secretKeyOf(service.config),
    ).perform(toCloudEvent(added!, 'urn:test'));
    expect(await service.emailFiles()).to.deep.equal([]);
    // The consumers have read everything so far: only recovery can send the stored code's email.
    const [{ last }] = await service.dataSource.query('SELECT MAX(position) AS last FROM events');
    for (const name of [
      'user-read-model',
      'project-read-model',
      'user-grant-read-model',
      'initialization-email',
    ]) {
      await service.dataSource.getRepository(ConsumerCursor).save({
        consumer: `${service.config.worker.consumerGroupPrefix}.${name}`,
        position: String(last),
      });
    }

    const worker = await service.startWorker();
    expect(worker.queue).to.equal(undefined);
    // The one left unsent (recovered at start) and one for a new import; the owner's event was
    // passed by the cursors, so it gets none here.
    await service.importUser(
      {
        userName: 'fresh',
        profile: { firstName: 'Fresh', lastName: 'Import' },
        email: { email: 'fresh@example.com' },
      },
      { token: owner.token },
    );
    const files = await waitForEmails(2);
    expect(files).to.have.length(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await service.emailFiles(), 'each once').to.have.length(2);
    expect(await worker.jobs.health()).to.include({ completed: 2, failed: 0, waiting: 0 });
  });
});
