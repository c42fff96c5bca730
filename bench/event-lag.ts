import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '../shared/logging/logger.js';
import { updateProject } from '../services/api/operations/update-project/update-project.handler.js';
import type { OutboxRelay } from '../services/relay/outbox-relay.js';
import type { TestService } from '../test/support/test-service.js';
import { latencies, sleep, writeAtRate } from './bench-report.js';
import type { Fixtures } from './load.js';

/** How long each rate of the event lag part writes. */
const LAG_SECONDS = 8;

export interface Lag {
  writesPerSecond: number;
  achievedPerSecond: number;
  /** From the handler's return to the broker's acknowledgement of the relay's batch. */
  commitToBrokerMs: { p50: number; p99: number; max: number };
  /** From the handler's return to a Kafka consumer in this process receiving it. */
  commitToConsumerMs: { p50: number; p99: number; max: number };
  commitToReadModelMs: { p50: number; p99: number; max: number };
  /** Events the broker's consumer, or the read model, had not shown a minute after the writes. */
  missing: { broker: number; consumer: number; readModel: number };
}

/** Update Project at `rate` writes/s through the handler; when each event reached what. */
export async function eventLag(
  service: TestService,
  relay: OutboxRelay,
  fixtures: Fixtures & { orgId: string },
  rate: number,
): Promise<Lag> {
  const receivedAt = new Map<string, number>();
  const kafka = new Kafka({ brokers: service.config.kafka.brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({
    groupId: `bench-${randomBytes(4).toString('hex')}`,
    maxWaitTimeInMs: 5,
  });
  await consumer.connect();
  await consumer.subscribe({ topic: service.topics.project, fromBeginning: false });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const { sequence } = JSON.parse(message.value!.toString()) as { sequence: string };
      receivedAt.set(sequence, Date.now());
    },
  });
  // The broker delays a new group's first assignment (group.initial.rebalance.delay.ms, 3 s by
  // default). Then every partition is read from its end as it is now, before the first write.
  await joined;
  const admin = kafka.admin();
  await admin.connect();
  for (const { partition, offset } of await admin.fetchTopicOffsets(service.topics.project))
    consumer.seek({ topic: service.topics.project, partition, offset });
  await admin.disconnect();
  await sleep(1000);

  // When the broker acknowledged each event to the relay: the broker has it from then on.
  const acknowledgedAt = new Map<string, number>();
  const acknowledged = ({
    positions,
    acknowledgedAt: at,
  }: {
    positions: string[];
    acknowledgedAt: number;
  }) => {
    for (const position of positions) acknowledgedAt.set(position, at);
  };
  relay.on('published', acknowledged);

  const projects = fixtures.projectIds.slice(0, 100);
  // Per project, each sequence its read model row showed, in order, with when it was first seen.
  const shown = new Map<string, { sequence: bigint; at: number }[]>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const rows: { id: string; sequence: string }[] = await service.dataSource.query(
        'SELECT id, sequence FROM project_read_models WHERE org_id = ?',
        [fixtures.orgId],
      );
      const now = Date.now();
      for (const { id, sequence } of rows) {
        const seen = shown.get(id) ?? [];
        if (seen.at(-1)?.sequence !== BigInt(sequence))
          seen.push({ sequence: BigInt(sequence), at: now });
        shown.set(id, seen);
      }
      await sleep(5);
    }
  })();

  const deps = {
    dataSource: service.dataSource,
    config: service.config,
    logger: createLogger('silent'),
  };
  const caller = { userId: 'bench', orgId: fixtures.orgId };
  const committed = new Map<string, { projectId: string; at: number }>();
  // Names of this round's own: a round's first update of a project must change it, or it would
  // answer the sequence of the previous round's last event, published before this round began.
  const round = randomBytes(3).toString('hex');
  await writeAtRate(rate, LAG_SECONDS, async (index) => {
    const projectId = projects[index % projects.length]!;
    const { details } = await updateProject(
      { deps, caller, orgId: fixtures.orgId },
      {
        id: projectId,
        name: `Lag ${round} ${index % projects.length}`,
        projectRoleCheck: Math.floor(index / projects.length) % 2 === 0,
      },
    );
    committed.set(details.sequence, { projectId, at: Date.now() });
  });
  const sequences = [...committed.keys()];
  /**
   * A row keeps only its project's last sequence: an event is in the read model once its
   * project's row shows it or a later one.
   */
  const appliedAt = (sequence: string): number => {
    const { projectId } = committed.get(sequence)!;
    return shown.get(projectId)?.find((seen) => seen.sequence >= BigInt(sequence))?.at ?? NaN;
  };
  const deadline = Date.now() + 60_000;
  while (
    !sequences.every(
      (sequence) => receivedAt.has(sequence) && !Number.isNaN(appliedAt(sequence)),
    ) &&
    Date.now() < deadline
  )
    await sleep(20);
  polling = false;
  await poller;
  await consumer.disconnect();
  relay.off('published', acknowledged);

  const since = (at: Map<string, number>) =>
    sequences.map((sequence) => (at.get(sequence) ?? NaN) - committed.get(sequence)!.at);
  const toBroker = since(acknowledgedAt);
  const toConsumer = since(receivedAt);
  const toReadModel = sequences.map(
    (sequence) => appliedAt(sequence) - committed.get(sequence)!.at,
  );
  return {
    writesPerSecond: rate,
    achievedPerSecond: Math.round(committed.size / LAG_SECONDS),
    commitToBrokerMs: latencies(toBroker.filter((ms) => !Number.isNaN(ms))),
    commitToConsumerMs: latencies(toConsumer.filter((ms) => !Number.isNaN(ms))),
    commitToReadModelMs: latencies(toReadModel.filter((ms) => !Number.isNaN(ms))),
    missing: {
      broker: toBroker.filter(Number.isNaN).length,
      consumer: toConsumer.filter(Number.isNaN).length,
      readModel: toReadModel.filter(Number.isNaN).length,
    },
  };
}
