import { expect } from 'chai';
import { outboxBacklog } from '../../shared/events/outbox-backlog.js';
import type { CloudEvent } from '../../shared/events/cloud-event.js';
import { KafkaBroker } from '../support/kafka-broker.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';
import type { TopicReader } from '../support/topic-reader.js';

/** Runs `count` imports, `concurrency` at a time; `onProgress` sees how many have finished. */
async function importMany(
  service: TestService,
  token: string,
  prefix: string,
  count: number,
  concurrency: number,
  onProgress: (done: number) => void = () => undefined,
): Promise<{ status: number; userId: string }[]> {
  const results: { status: number; userId: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const response = await service.importUser(
          {
            userName: `${prefix}-${index}`,
            profile: { firstName: 'Bulk', lastName: `${index}` },
            email: { email: `${prefix}${index}@example.com`, isEmailVerified: true },
          },
          { token },
        );
        results[index] = { status: response.status, userId: response.body.userId };
        onProgress(results.filter(Boolean).length);
      }
    }),
  );
  return results;
}

/** Every user's two events arrived; read with duplicates dropped (same id), they are in order. */
function expectAllInOrder(reader: TopicReader, userIds: string[]): { duplicates: number } {
  const bySubject = new Map<string, CloudEvent[]>();
  for (const { event } of reader.received)
    bySubject.set(event.subject, [...(bySubject.get(event.subject) ?? []), event]);
  let duplicates = 0;
  for (const userId of userIds) {
    const events = bySubject.get(userId) ?? [];
    const firstSeen = events.filter(
      (event, index) => events.findIndex((other) => other.id === event.id) === index,
    );
    duplicates += events.length - firstSeen.length;
    expect(
      firstSeen.map((event) => event.type),
      userId,
    ).to.deep.equal(['user.human.added', 'user.human.email.verified']);
    expect(BigInt(firstSeen[0]!.sequence) < BigInt(firstSeen[1]!.sequence)).to.equal(true);
  }
  return { duplicates };
}

describe('the outbox relay under failure', function () {
  this.timeout(240_000);

  describe('with the broker stopped while 1,000 imports run', () => {
    let broker: KafkaBroker;
    let service: TestService;

    before(async () => {
      broker = await KafkaBroker.start();
      service = await TestService.start({
        KAFKA_BROKERS: broker.brokers,
        RELAY_MAX_BACKOFF_MS: '500',
      });
    });
    after(async () => {
      await service?.close().catch(() => undefined);
      await broker?.remove();
    });

    it('accepts every import and publishes every event once the broker is back, in order per user', async () => {
      const owner = await buildOwner(service);
      const relay = await service.startRelay();
      // What the relay announces: every batch it published, by outbox position.
      const announced = new Set<string>();
      relay.on('published', ({ count, positions }) => {
        expect(positions).to.have.length(count);
        for (const position of positions) announced.add(position);
      });
      let stopping: Promise<void> | undefined;
      const results = await importMany(service, owner.token, 'outage', 1000, 16, (done) => {
        if (done >= 150 && !stopping) stopping = broker.pause();
      });
      await stopping;
      expect(results.filter((result) => result.status === 200)).to.have.length(1000);
      const backlog = await outboxBacklog(service.dataSource);
      expect(
        backlog.unpublished,
        'events wait in the outbox while the broker is down',
      ).to.be.greaterThan(0);

      await broker.resume();
      const reader = await service.readTopics();
      try {
        const userIds = results.map((result) => result.userId);
        await reader.waitFor(
          () => new Set(reader.received.map((message) => message.event.id)).size >= 2000 + 2,
          120_000,
          '2,002 distinct events',
        );
        expectAllInOrder(reader, userIds);
        expect((await outboxBacklog(service.dataSource)).unpublished).to.equal(0);
        const imported: { position: string }[] = await service.dataSource.query(
          'SELECT position FROM events WHERE aggregate_id IN (?)',
          [userIds],
        );
        expect(imported).to.have.length(2000);
        expect(
          imported.filter(({ position }) => !announced.has(String(position))),
          'every published batch announced',
        ).to.deep.equal([]);
      } finally {
        await reader.stop();
      }
    });
  });

  describe('with two relays at once', () => {
    let service: TestService;

    before(async () => {
      service = await TestService.start();
    });
    after(() => service.close());

    it('publishes every event, in order per user, also when one relay stops part-way', async () => {
      const owner = await buildOwner(service);
      const first = await service.startRelay();
      const second = await service.startRelay();
      let stopped: Promise<void> | undefined;
      const results = await importMany(service, owner.token, 'pair', 300, 8, (done) => {
        if (done >= 100 && !stopped) stopped = first.stop();
      });
      await stopped;
      const reader = await service.readTopics();
      try {
        await reader.waitFor(
          () => new Set(reader.received.map((message) => message.event.id)).size >= 600 + 2,
          60_000,
          '602 distinct events',
        );
        const { duplicates } = expectAllInOrder(
          reader,
          results.map((result) => result.userId),
        );
        const ids = reader.received.map((message) => message.event.id);
        expect(ids.length - new Set(ids).size).to.equal(duplicates);
        expect(first.publishedCount + second.publishedCount).to.be.at.least(602);
        expect(second.publishedCount, 'the second relay took over').to.be.greaterThan(0);
      } finally {
        await reader.stop();
      }
    });
  });
});
