import { EventEmitter } from 'node:events';
import { Between, In, IsNull, LessThanOrEqual, MoreThan, type DataSource } from 'typeorm';
import { Pause } from '../../../shared/process/pause.js';
import { ConsumerCursor, EventRecord } from '../../../shared/db/entities/index.js';
import { toCloudEvent } from '../../../shared/events/cloud-event.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EventConsumer } from './event-consumer.js';

const BATCH = 100;
const MAX_BACKOFF_MS = 5000;
/**
 * How long a missing position holds the cursor back. Positions are given at insert and become
 * visible at commit, so a gap is a transaction still running, or one rolled back (whose position
 * never comes). Ours take milliseconds; past this the cursor moves on, and the gap is watched
 * for LATE_WINDOW_MS in case a slow transaction commits it after all.
 */
const GAP_WAIT_MS = 1000;
const LATE_WINDOW_MS = 10 * 60_000;

interface PassedGap {
  from: string;
  to: string;
  until: number;
  performed: Set<string>;
}

/** What a subscription tells its listeners, as bullmq's WorkerListener does: event name → arguments. */
export interface OutboxSubscriptionEvents {
  /** The consumer performed an event it handles (late ones included). */
  delivered: [{ position: string; type: string; aggregateId: string }];
  /** A poll found nothing after the cursor: every committed event up to `position` is passed. */
  'caught-up': [{ position: string }];
}

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
 * cursor passes it. The cursor never passes a missing position until it appears or
 * GAP_WAIT_MS have gone by, so an event committed after a later one is still performed. A crash
 * performs the events after the saved cursor again; `perform` is idempotent. One process reads
 * one cursor: this is the single-process mode.
 */
export class OutboxSubscription extends EventEmitter<OutboxSubscriptionEvents> {
  private running = false;
  private loop?: Promise<void>;
  private readonly pause = new Pause();
  private cursor = '0';
  /** When the position after the cursor was first found missing. */
  private gapSince?: number;
  /** Gaps the cursor passed, watched for events that commit late. */
  private gaps: PassedGap[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly consumer: EventConsumer,
    private readonly options: OutboxSubscriptionOptions,
  ) {
    super();
  }

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
    this.pause.stop();
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
    await this.performLateEvents();
    const events = await this.dataSource.getRepository(EventRecord).find({
      where: { position: MoreThan(this.cursor) },
      order: { position: 'ASC' },
      take: BATCH,
    });
    if (events.length === 0) {
      this.emit('caught-up', { position: this.cursor });
      return 0;
    }
    const handled = new Set<string>(this.consumer.handles);
    let performed = 0;
    try {
      for (const event of events) {
        if (!this.running || !this.mayPass(event.position)) break;
        if (handled.has(event.type)) await this.perform(event);
        this.cursor = event.position;
        performed++;
      }
    } finally {
      if (performed > 0) await this.saveCursor();
    }
    return performed;
  }

  /** Whether the cursor may move to `position`: the next one, or past a gap old enough. */
  private mayPass(position: string): boolean {
    // A first start has nothing before it to wait for.
    if (this.cursor === '0' || BigInt(position) === BigInt(this.cursor) + 1n) {
      this.gapSince = undefined;
      return true;
    }
    this.gapSince ??= Date.now();
    if (Date.now() - this.gapSince < GAP_WAIT_MS) return false;
    this.gaps.push({
      from: String(BigInt(this.cursor) + 1n),
      to: String(BigInt(position) - 1n),
      until: Date.now() + LATE_WINDOW_MS,
      performed: new Set(),
    });
    this.gapSince = undefined;
    return true;
  }

  /** Performs the events that committed into a gap after the cursor had passed it. */
  private async performLateEvents(): Promise<void> {
    this.gaps = this.gaps.filter((gap) => gap.until > Date.now());
    const handled = new Set<string>(this.consumer.handles);
    for (const gap of this.gaps) {
      const late = await this.dataSource.getRepository(EventRecord).find({
        where: { position: Between(gap.from, gap.to) },
        order: { position: 'ASC' },
      });
      for (const event of late) {
        if (gap.performed.has(event.position)) continue;
        this.options.logger.info(
          { consumer: this.options.name, position: event.position },
          'an event committed after later ones; performing it now',
        );
        if (handled.has(event.type)) await this.perform(event);
        gap.performed.add(event.position);
      }
    }
  }

  private async perform(event: EventRecord): Promise<void> {
    await this.consumer.perform(toCloudEvent(event, this.options.eventSource));
    const { position, type, aggregateId } = event;
    this.emit('delivered', { position, type, aggregateId });
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
