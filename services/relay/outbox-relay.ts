import { EventEmitter } from 'node:events';
import { CompressionTypes, Partitioners, type Kafka, type Message, type Producer } from 'kafkajs';
import { Pause } from '../../shared/process/pause.js';
import type { DataSource } from 'typeorm';
import type { KafkaConfig, RelayConfig } from '../../shared/config/config.js';
import { timeOf } from '../../shared/db/data-source.js';
import { dialectOf } from '../../shared/db/dialect.js';
import {
  AGGREGATE_TYPES,
  cloudEventJson,
  topicOf,
  type StoredEvent,
} from '../../shared/events/cloud-event.js';
import { ensureTopics } from '../../shared/kafka/kafka-client.js';
import { describeError, type Logger } from '../../shared/logging/logger.js';
import type { AggregateType } from '../../shared/events/event-types.js';
import { AllShards, ShardLeases, type Leases } from './shard-leases.js';

export interface RelayOptions {
  dataSource: DataSource;
  /**
   * MySQL's URL, for the shard leases. Without it (the embedded database, which only this
   * process has open) the relay publishes every shard.
   */
  databaseUrl?: string;
  kafka: Kafka;
  kafkaConfig: KafkaConfig;
  config: RelayConfig;
  logger: Logger;
}

/** What a relay tells its listeners, as bullmq's WorkerListener does: event name → arguments. */
export interface OutboxRelayEvents {
  /**
   * A batch went to Kafka and was marked published: its outbox positions, in order, and when the
   * broker acknowledged it (epoch ms).
   */
  published: [{ count: number; positions: string[]; acknowledgedAt: number }];
  /** Publishing failed; the relay tries again after `retryInMs` with a new producer. */
  failed: [{ error: unknown; retryInMs: number }];
}

/** How often a relay confirms its shard locks and tries to take free ones. */
const LEASE_REFRESH_MS = 1000;

interface OutboxRow {
  position: string;
  id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  aggregate_version: number;
  org_id: string;
  payload: string | Record<string, unknown>;
  created_at: Date | string;
}

/**
 * Publishes committed events from the outbox to Kafka, then marks them published. At least once:
 * a crash between the two publishes a batch again, with the same CloudEvents ids. Per aggregate
 * in order: one aggregate's events are in one shard, a shard is published by one relay at a
 * time, and a batch goes out in position order over an idempotent producer with one request in
 * flight. While Kafka is unreachable the batch is retried with exponential back-off; the API keeps
 * writing to the outbox meanwhile.
 */
export class OutboxRelay extends EventEmitter<OutboxRelayEvents> {
  private readonly leases: Leases;
  private producer?: Producer;
  private running = false;
  private loop?: Promise<void>;
  private readonly pause = new Pause();
  private published = 0;
  /** Whether the producer is connected; false after a failure until the next try. */
  private connected = false;
  /** The shards this relay holds the leases of. */
  private shards: number[] = [];

  constructor(private readonly options: RelayOptions) {
    super();
    this.leases = options.databaseUrl
      ? new ShardLeases(options.databaseUrl, options.config.shards)
      : new AllShards(options.config.shards);
  }

  async start(): Promise<void> {
    const { kafka, kafkaConfig } = this.options;
    this.running = true;
    this.loop = this.run(() =>
      ensureTopics(
        kafka,
        kafkaConfig,
        AGGREGATE_TYPES.map((type) => topicOf(kafkaConfig.topicPrefix, type)),
      ),
    );
  }

  /** Publishes what is committed now without waiting for the next poll. */
  wake(): void {
    this.pause.wake();
  }

  /** Stops after the batch in flight; the shards go back at once. */
  async stop(options: { flush?: boolean } = {}): Promise<void> {
    this.running = false;
    this.pause.stop();
    await this.loop;
    if (options.flush) await this.flush();
    await this.producer?.disconnect().catch(() => undefined);
    await this.leases.close();
  }

  /**
   * Publishes what is committed in the shards this relay holds, batch after batch until none is
   * left. When Kafka does not take them, they stay in the outbox for the next relay.
   */
  private async flush(): Promise<void> {
    if (!this.connected || this.shards.length === 0) return;
    try {
      while ((await this.publishBatch(this.shards)) > 0);
    } catch (error) {
      this.options.logger.warn(
        { err: describeError(error) },
        'outbox relay: could not publish everything at stop; the rest waits in the outbox',
      );
    }
  }

  /** Events this relay has published since it started. */
  get publishedCount(): number {
    return this.published;
  }

  private async run(prepare: () => Promise<void>): Promise<void> {
    const { config, logger } = this.options;
    let backoff = config.pollIntervalMs;
    let leasesCheckedAt = 0;
    while (this.running) {
      const pollStarted = Date.now();
      try {
        if (!this.connected) {
          await prepare();
          this.producer = this.newProducer();
          await this.producer.connect();
          this.connected = true;
        }
        if (Date.now() - leasesCheckedAt >= LEASE_REFRESH_MS) {
          this.shards = await this.leases.refresh();
          leasesCheckedAt = Date.now();
        }
        const shards = this.shards;
        const sent = shards.length > 0 ? await this.publishBatch(shards) : 0;
        backoff = config.pollIntervalMs;
        // Polls start every pollIntervalMs: the time a batch took to publish counts against it.
        const interval = shards.length > 0 ? config.pollIntervalMs : LEASE_REFRESH_MS;
        if (sent < config.batchSize) await this.pause.for(interval - (Date.now() - pollStarted));
      } catch (error) {
        logger.warn(
          { err: describeError(error), retryInMs: backoff },
          'outbox relay: publishing failed, retrying',
        );
        this.emit('failed', { error, retryInMs: backoff });
        // Start over with a new producer: kafkajs keeps an idempotent producer's sequence numbers
        // across a failed send and a reconnect, and the broker then refuses every later batch as
        // out of order. A new producer gets a new producer id and starts its sequences afresh.
        await this.producer?.disconnect().catch(() => undefined);
        this.connected = false;
        await this.pause.for(backoff);
        backoff = Math.min(backoff * 2, config.maxBackoffMs);
      }
    }
  }

  private newProducer(): Producer {
    return this.options.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  private async publishBatch(shards: number[]): Promise<number> {
    const { dataSource, config, kafkaConfig } = this.options;
    const all = shards.length === config.shards;
    const rows: OutboxRow[] = await dataSource.query(
      `SELECT position, id, type, aggregate_type, aggregate_id, aggregate_version, org_id, payload, created_at
       FROM events WHERE published_at IS NULL ${all ? '' : 'AND CRC32(aggregate_id) % ? IN (?)'}
       ORDER BY position LIMIT ?`,
      all ? [config.batchSize] : [config.shards, shards, config.batchSize],
    );
    if (rows.length === 0) return 0;
    // On the embedded database a commit is visible a moment before it is in the file.
    await dialectOf(dataSource).untilSaved();
    const byTopic = new Map<string, Message[]>();
    for (const row of rows) {
      const topic = topicOf(kafkaConfig.topicPrefix, row.aggregate_type as AggregateType);
      const messages = byTopic.get(topic) ?? [];
      messages.push({
        key: row.aggregate_id,
        value: cloudEventJson(toRecord(row), config.eventSource),
        headers: { 'content-type': 'application/cloudevents+json; charset=UTF-8' },
      });
      byTopic.set(topic, messages);
    }
    await this.producer!.sendBatch({
      acks: -1,
      compression: CompressionTypes.None,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    const acknowledgedAt = Date.now();
    // A placeholder per position, which both databases take: far cheaper than TypeORM's In().
    const positions = rows.map((row) => String(row.position));
    await dataSource.query(
      `UPDATE events SET published_at = ? WHERE position IN (${positions.map(() => '?').join(', ')})`,
      [new Date(), ...positions],
    );
    this.published += rows.length;
    this.emit('published', { count: rows.length, positions, acknowledgedAt });
    return rows.length;
  }
}

/** The row as the event it holds; its payload stays the JSON text MariaDB gives back. */
function toRecord(row: OutboxRow): StoredEvent {
  return {
    position: String(row.position),
    id: row.id,
    type: row.type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    aggregateVersion: row.aggregate_version,
    orgId: row.org_id,
    payload: row.payload,
    createdAt: timeOf(row.created_at)!,
    publishedAt: null,
  };
}
