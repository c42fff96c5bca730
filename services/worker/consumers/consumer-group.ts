import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { ConsumerLag } from '../../../shared/observability/metrics.js';
import type { Config } from '../../../shared/config/config.js';
import { topicOf, type CloudEvent } from '../../../shared/events/cloud-event.js';
import { ensureTopics } from '../../../shared/kafka/kafka-client.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EventConsumer } from './event-consumer.js';
import { GroupCommit } from './group-commit.js';

/** A read model's events per transaction: few enough that a heartbeat follows soon. */
const EVENTS_PER_CHUNK = 200;

/**
 * Runs one EventConsumer as a Kafka consumer group: more worker instances share the partitions.
 * An offset is committed only once `perform` (or, for a whole batch, `performAll`) made its
 * event's effect durable; a crash before that redelivers the event. Partitions are consumed
 * concurrently, each in order, so one aggregate's events (one key, one partition) stay in order.
 */
export async function runConsumerGroup(
  kafka: Kafka,
  config: Config,
  consumer: EventConsumer,
  logger: Logger,
): Promise<Consumer> {
  const topics = consumerTopics(config, consumer);
  const handled = new Set<string>(consumer.handles);
  const group = kafka.consumer({
    groupId: consumerGroupId(config, consumer),
    maxWaitTimeInMs: 500,
    retry: { retries: 8 },
  });
  // The relay may not have run yet: both create the topics they use, with the same settings.
  await ensureTopics(kafka, config.kafka, topics);
  await group.connect();
  await group.subscribe({ topics, fromBeginning: true });
  // Every partition of a fetch is performed at once. What their batches write goes in one
  // transaction, and their offsets in one commit, where each batch took one of each.
  const writes =
    consumer.performAll &&
    new GroupCommit<CloudEvent[]>((batches) => consumer.performAll!(batches.flat()));
  const commits = new GroupCommit<Performed>(commitTogether);
  await group.run({
    partitionsConsumedConcurrently: topics.length * config.kafka.topicPartitions,
    // An offset is resolved, and so committed, only once its event's effect is durable.
    eachBatchAutoResolve: false,
    eachBatch: async (payload) => {
      const { batch, commitOffsetsIfNecessary } = payload;
      const last = await performBatch(payload);
      // Committed here, with the batches performed beside it, so kafkajs's own commit after
      // the batch finds nothing left to send; on a failure, kafkajs commits what was resolved.
      if (last !== undefined)
        await commits.add({
          topic: batch.topic,
          partition: batch.partition,
          offset: String(BigInt(last) + 1n),
          commit: commitOffsetsIfNecessary,
        });
    },
  });
  return group;

  /** Performs a batch's events in order; returns the offset of the last one performed. */
  async function performBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<string | undefined> {
    const messages = batch.messages.map((message) => ({
      offset: message.offset,
      event: JSON.parse(message.value?.toString() ?? '{}') as CloudEvent,
    }));
    let performed: string | undefined;
    const done = (offset: string) => {
      resolveOffset(offset);
      performed = offset;
      return heartbeat();
    };
    // Messages before `next` are performed and resolved. A read model's events go a chunk at
    // a time, one transaction each (shared with the other partitions'), with a heartbeat between.
    let next = 0;
    while (writes && next < messages.length) {
      if (!isRunning() || isStale()) return performed;
      const chunk = messages.slice(next, next + EVENTS_PER_CHUNK);
      try {
        await writes.add(chunk.map(({ event }) => event).filter(({ type }) => handled.has(type)));
      } catch {
        // The rest goes one event at a time below, which finds and reports the failing one
        // and lets the events before it count as done.
        break;
      }
      next += chunk.length;
      await done(chunk.at(-1)!.offset);
    }
    for (const message of messages.slice(next)) {
      if (!isRunning() || isStale()) return performed;
      try {
        if (handled.has(message.event.type)) await consumer.perform(message.event);
      } catch (error) {
        logger.error(
          {
            err: describeError(error),
            consumer: consumer.name,
            topic: batch.topic,
            partition: batch.partition,
            offset: message.offset,
            eventId: message.event.id,
          },
          'event consumer failed; the event will be delivered again',
        );
        throw error;
      }
      await done(message.offset);
    }
    return performed;
  }
}

/** A partition's events performed up to `offset` (the next one to read), and how to commit. */
interface Performed {
  topic: string;
  partition: number;
  offset: string;
  commit: EachBatchPayload['commitOffsetsIfNecessary'];
}

/** One OffsetCommit for all partitions performed; every batch's commit goes to the same group. */
function commitTogether(performed: Performed[]): Promise<void> {
  const byTopic = new Map<string, Map<number, string>>();
  // Later entries of a partition are further on: the last one stands.
  for (const { topic, partition, offset } of performed)
    byTopic.set(topic, (byTopic.get(topic) ?? new Map<number, string>()).set(partition, offset));
  return performed[0]!.commit({
    topics: [...byTopic].map(([topic, partitions]) => ({
      topic,
      partitions: [...partitions].map(([partition, offset]) => ({ partition, offset })),
    })),
  });
}

/** The consumer group of a consumer: `<WORKER_GROUP_PREFIX>.<name>`. */
export function consumerGroupId(config: Config, consumer: EventConsumer): string {
  return `${config.worker.consumerGroupPrefix}.${consumer.name}`;
}

/** The topics that carry the event types a consumer handles. */
export function consumerTopics(config: Config, consumer: EventConsumer): string[] {
  return [...new Set(consumer.handles.map((type) => topicOf(config.kafka.topicPrefix, type)))];
}

/** Each group's lag per partition: the partition's end less the group's committed offset. */
export async function kafkaConsumerLag(
  admin: Admin,
  groups: { groupId: string; topics: string[] }[],
): Promise<ConsumerLag[]> {
  const lags: ConsumerLag[] = [];
  for (const { groupId, topics } of groups) {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
      const ends = new Map(
        (await admin.fetchTopicOffsets(topic)).map((end) => [end.partition, end]),
      );
      for (const { partition, offset } of partitions) {
        const end = ends.get(partition);
        // -1: the group has committed nothing yet; it has everything from the start to read.
        const position = Number(offset) < 0 ? Number(end?.low ?? 0) : Number(offset);
        lags.push({
          group: groupId,
          topic,
          partition: String(partition),
          lag: Math.max(0, Number(end?.high ?? 0) - position),
        });
      }
    }
  }
  return lags;
}
