import { In, LessThanOrEqual, MoreThan, IsNull, type DataSource } from 'typeorm';
import { Pause } from '../../../shared/process/pause.js';
import { ConsumerCursor, EventRecord } from '../../../shared/db/entities/index.js';
import { toCloudEvent } from '../../../shared/events/cloud-event.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EventConsumer } from './event-consumer.js';

const BATCH = 100;
const MAX_BACKOFF_MS = 5000;

export interface OutboxSubscriptionOptions {
  /** The consumer's name for its cursor, as its Kafka group would be named. */
  name: string;
  pollIntervalMs: number;
  eventSource: string;
  logger: Logger;
}

/**
 * Runs one EventConsumer straight from the outbox, for running without Kafka: the events it
 * handles, in position order (so each aggregate's in its order), each performed before the
 * cursor passes it. A crash performs the events after the saved cursor again; `perform` is
 * idempotent. One process reads one cursor: this is the single-process mode.
 */
export class OutboxSubscription {
  private running = false;
  private loop?: Promise<void>;
  private readonly pause = new Pause();
  private cursor = '0';

  constructor(
    private readonly dataSource: DataSource,
    private readonly consumer: EventConsumer,
    private readonly options: OutboxSubscriptionOptions,
  ) {}

  get name(): string {
    return this.options.name;
  }

  async start(): Promise<void> {
    const saved = await this.dataSource
      .getRepository(ConsumerCursor)
      .findOneBy({ consumer: this.options.name });
    this.cursor = saved?.position ?? '0';
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
  }

  /** Events after this consumer's cursor. */
  async lag(): Promise<number> {
    return this.dataSource
      .getRepository(EventRecord)
      .countBy({ position: MoreThan(this.cursor), type: In([...this.consumer.handles]) });
  }

  private async run(): Promise<void> {
    let backoff = this.options.pollIntervalMs;
    while (this.running) {
      try {
        const performed = await this.performBatch();
        backoff = this.options.pollIntervalMs;
        if (performed < BATCH) await this.pause.for(this.options.pollIntervalMs);
      } catch (error) {
        this.options.logger.error(
          { err: describeError(error), consumer: this.options.name, after: this.cursor },
          'event consumer failed; the event will be performed again',
        );
        await this.pause.for(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  private async performBatch(): Promise<number> {
    const events = await this.dataSource.getRepository(EventRecord).find({
      where: { position: MoreThan(this.cursor) },
      order: { position: 'ASC' },
      take: BATCH,
    });
    if (events.length === 0) return 0;
    const handled = new Set<string>(this.consumer.handles);
    try {
      for (const event of events) {
        if (!this.running) break;
        if (handled.has(event.type)) {
          await this.consumer.perform(toCloudEvent(event, this.options.eventSource));
        }
        this.cursor = event.position;
      }
    } finally {
      await this.saveCursor();
    }
    return events.length;
  }

  private async saveCursor(): Promise<void> {
    await this.dataSource
      .getRepository(ConsumerCursor)
      .upsert({ consumer: this.options.name, position: this.cursor }, ['consumer']);
  }
}

/**
 * Marks as published the events every subscription has passed: without Kafka, handing an event
 * to the consumers is publishing it, and the outbox metrics read it so.
 */
export async function markDelivered(
  dataSource: DataSource,
  subscriptions: readonly OutboxSubscription[],
): Promise<void> {
  const cursors = await dataSource
    .getRepository(ConsumerCursor)
    .findBy({ consumer: In(subscriptions.map((subscription) => subscription.name)) });
  if (cursors.length < subscriptions.length) return;
  const lowest = cursors.reduce(
    (low, cursor) => (BigInt(cursor.position) < BigInt(low) ? cursor.position : low),
    cursors[0]!.position,
  );
  await dataSource
    .getRepository(EventRecord)
    .update(
      { position: LessThanOrEqual(lowest), publishedAt: IsNull() },
      { publishedAt: new Date() },
    );
}
