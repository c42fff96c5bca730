/**
 * Outbox relay benchmark: publish rate (draining a backlog) and commit-to-broker lag at fixed
 * write rates, against real MariaDB and a real Kafka broker on this machine.
 *
 *   npm run bench:relay            (starts a broker unless KAFKA_BROKERS answers)
 *
 * Lag is measured two ways for each write: commit → the broker appended it (the topic is created
 * with LogAppendTime, so each message carries the broker's own append time) and commit → a
 * consumer received it. All clocks are this machine's.
 */
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { loadConfig } from '../shared/config/config.js';
import { inBatchedTransaction } from '../shared/db/batched-transaction.js';
import { createDataSource, migrate } from '../shared/db/data-source.js';
import { topicOf } from '../shared/events/cloud-event.js';
import { queueEvents } from '../shared/events/record-events.js';
import { createLogger } from '../shared/logging/logger.js';
import { createKafka, ensureTopics } from '../shared/kafka/kafka-client.js';
import { OutboxRelay } from '../services/relay/outbox-relay.js';
import { brokerForRun, latencies, machine, runMain, writeAtRate } from './bench-report.js';
import { createTestDatabase } from '../test/support/database.js';

const BACKLOG = 20_000;
const RATES = [250, 500, 1000];
const SECONDS_PER_RATE = 8;

async function main(): Promise<void> {
  const broker = await brokerForRun();
  const brokers = process.env.KAFKA_BROKERS!;
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: `bench${randomBytes(3).toString('hex')}.`,
    KAFKA_TOPIC_PARTITIONS: '6',
  });
  const dataSource = createDataSource({ url: database.url, poolSize: 20 });
  await dataSource.initialize();
  await migrate(dataSource);
  const logger = createLogger('error');
  const kafka = createKafka(config.kafka, logger);
  const topic = topicOf(config.kafka.topicPrefix, 'project');
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({
    waitForLeaders: true,
    topics: [
      {
        topic,
        numPartitions: 6,
        configEntries: [{ name: 'message.timestamp.type', value: 'LogAppendTime' }],
      },
    ],
  });
  await admin.disconnect();
  await ensureTopics(kafka, config.kafka, [topicOf(config.kafka.topicPrefix, 'user')]);
  const newRelay = () =>
    new OutboxRelay({
      dataSource,
      databaseUrl: database.url,
      kafka,
      kafkaConfig: config.kafka,
      config: config.relay,
      logger,
    });

  const committedAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  const appendedAt = new Map<string, number>();
  const consumer = new Kafka({ brokers: [brokers], logLevel: logLevel.NOTHING }).consumer({
    groupId: `bench-${randomBytes(4).toString('hex')}`,
    maxWaitTimeInMs: 10,
  });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      // Keyed by the event's position, which its CloudEvent carries as `sequence`.
      const position = JSON.parse(message.value!.toString()).sequence;
      receivedAt.set(position, Date.now());
      appendedAt.set(position, Number(message.timestamp));
    },
  });

  /** One write: a transaction recording one project.changed event, as Update Project does. */
  let version = 0;
  const aggregateId = '00000000-0000-7000-8000-000000000001';
  const write = async (): Promise<void> => {
    const payload = {
      name: 'bench',
      projectRoleAssertion: false,
      projectRoleCheck: false,
      hasProjectCheck: false,
      privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED' as const,
    };
    const position = await inBatchedTransaction(dataSource, async (transaction) => {
      const id = `${randomBytes(8).toString('hex')}`;
      const { positions } = queueEvents(
        transaction,
        {
          id: `${aggregateId.slice(0, 24)}${id.slice(0, 12)}`,
          orgId: aggregateId,
          version: version++,
        },
        [{ type: 'project.changed', payload }],
        new Date(),
      );
      return positions;
    });
    committedAt.set(position.lastId, Date.now());
  };

  // 1. Publish rate: a backlog written while no relay runs, then drained by one relay.
  for (let done = 0; done < BACKLOG; done += 500)
    await Promise.all(Array.from({ length: 500 }, write));
  const drainRelay = newRelay();
  const drainStart = Date.now();
  await drainRelay.start();
  while (drainRelay.publishedCount < BACKLOG)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const drainSeconds = (Date.now() - drainStart) / 1000;
  const results: Record<string, unknown> = {
    publishRate: {
      events: BACKLOG,
      seconds: drainSeconds,
      eventsPerSecond: Math.round(BACKLOG / drainSeconds),
    },
  };

  // 2. Lag at fixed write rates, with the relay running as in production.
  const lag: Record<string, unknown>[] = [];
  for (const rate of RATES) {
    committedAt.clear();
    await writeAtRate(rate, SECONDS_PER_RATE, write);
    const positions = [...committedAt.keys()];
    while (positions.some((position) => !receivedAt.has(position)))
      await new Promise((resolve) => setTimeout(resolve, 20));
    lag.push({
      writesPerSecond: rate,
      achievedPerSecond: Math.round(positions.length / SECONDS_PER_RATE),
      commitToBrokerMs: latencies(
        positions.map((position) => appendedAt.get(position)! - committedAt.get(position)!),
      ),
      commitToConsumerMs: latencies(
        positions.map((position) => receivedAt.get(position)! - committedAt.get(position)!),
      ),
    });
  }
  results.lag = lag;
  results.machine = machine();

  console.log(JSON.stringify(results, null, 2));
  console.log(
    `\npublish rate: ${(results.publishRate as { eventsPerSecond: number }).eventsPerSecond} events/s (${BACKLOG} events drained by one relay)`,
  );
  console.log('writes/s  achieved  commit→broker p50/p99 ms  commit→consumer p50/p99 ms');
  for (const row of lag as {
    writesPerSecond: number;
    achievedPerSecond: number;
    commitToBrokerMs: { p50: number; p99: number };
    commitToConsumerMs: { p50: number; p99: number };
  }[]) {
    console.log(
      `${String(row.writesPerSecond).padStart(8)}  ${String(row.achievedPerSecond).padStart(8)}  ${`${row.commitToBrokerMs.p50} / ${row.commitToBrokerMs.p99}`.padStart(24)}  ${`${row.commitToConsumerMs.p50} / ${row.commitToConsumerMs.p99}`.padStart(26)}`,
    );
  }

  await drainRelay.stop();
  await consumer.disconnect();
  await dataSource.destroy();
  await database.drop();
  await broker?.remove();
}

runMain(main);
