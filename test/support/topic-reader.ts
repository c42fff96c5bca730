import { randomBytes } from 'node:crypto';
import { pollUntil } from './poll.js';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { CloudEvent } from '../../shared/events/cloud-event.js';

interface Received {
  topic: string;
  partition: number;
  key: string;
  event: CloudEvent;
}

/** Reads topics from their beginning with a consumer group of its own, keeping every message. */
export class TopicReader {
  readonly received: Received[] = [];
  private consumer?: Consumer;

  constructor(
    private readonly brokers: string,
    private readonly topics: string[],
  ) {}

  async start(): Promise<this> {
    const kafka = new Kafka({
      brokers: this.brokers.split(','),
      logLevel: logLevel.NOTHING,
      retry: { retries: 20 },
    });
    this.consumer = kafka.consumer({
      groupId: `test-reader-${randomBytes(6).toString('hex')}`,
      retry: { retries: 20 },
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: this.topics, fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        this.received.push({
          topic,
          partition,
          key: message.key!.toString(),
          event: JSON.parse(message.value!.toString()),
        });
      },
    });
    return this;
  }

  /** Waits until `done` holds for what was received, or fails after `timeoutMs`. */
  async waitFor(
    done: (received: Received[]) => boolean,
    timeoutMs = 30_000,
    what = 'the expected events',
  ): Promise<Received[]> {
    try {
      return await pollUntil(async () => this.received, done, timeoutMs, 50);
    } catch {
      throw new Error(`timed out waiting for ${what}; received ${this.received.length}`);
    }
  }

  /** Everything received about one aggregate, in arrival order. */
  of(subject: string): CloudEvent[] {
    return this.received
      .filter((message) => message.event.subject === subject)
      .map((message) => message.event);
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
