import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { ConsumerLag } from '../../../shared/observability/metrics.js';
import type { Config } from '../../../shared/config/config.js';
import { topicOf, type CloudEvent } from '../../../shared/events/cloud-event.js';
import { ensureTopics } from '../../../shared/kafka/kafka-client.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EventConsumer } from './event-consumer.js';

/** A read model's events per transaction: few enough that a heartbeat follows soon. */
const EVENTS_PER_CHUNK = 200;

/**
 * Runs one EventConsumer as a Kafka consumer group: more worker instances share the partitions.
 * kafkajs commits an offset only once it is resolved, after `perform` (or, for a whole batch,
 * `performAll`) made its effect durable; a crash before that redelivers the event. Partitions are consumed
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
    maxWaitTimeInMs: 100,
    retry: { retries: 8 },
  });
  // The relay may not have run yet: both create the topics they use, with the same settings.
  await ensureTopics(kafka, config.kafka, topics);
  await group.connect();
  await group.subscribe({ topics, fromBeginning: true });
  await group.run({
    partitionsConsumedConcurrently: 3,
    // An offset is resolved, and so committed, only once its event's effect is durable.
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      const messages = batch.messages.map((message) => ({
        offset: message.offset,
        event: JSON.parse(message.value?.toString() ?? '{}') as CloudEvent,
      }));
      const failed = (error: unknown, from: (typeof messages)[number]) => {
        logger.error(
          {
            err: describeError(error),
            consumer: consumer.name,
            topic: batch.topic,
            partition: batch.partition,
            offset: from.offset,
            eventId: from.event.id,
          },
          'event consumer failed; the event will be delivered again',
        );
        return error;
      };
      // Messages before `next` are performed and resolved. A read model's events go a chunk at
      // a time, one transaction each, with a heartbeat between.
      let next = 0;
      while (consumer.performAll && next < messages.length) {
        if (!isRunning() || isStale()) return;
        const chunk = messages.slice(next, next + EVENTS_PER_CHUNK);
        try {
          await consumer.performAll(
            chunk.map(({ event }) => event).filter(({ type }) => handled.has(type)),
          );
        } catch {
          // The rest goes one event at a time below, which finds and reports the failing one
          // and lets the events before it count as done.
          break;
        }
        next += chunk.length;
        resolveOffset(chunk.at(-1)!.offset);
        await heartbeat();
      }
      for (const message of messages.slice(next)) {
        if (!isRunning() || isStale()) return;
        try {
          if (handled.has(message.event.type)) await consumer.perform(message.event);
        } catch (error) {
          throw failed(error, message);
        }
        resolveOffset(message.offset);
        await heartbeat();
      }
    },
  });
  return group;
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
