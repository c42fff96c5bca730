import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { outboxBacklog } from '../events/outbox-backlog.js';
import { settleWithin } from '../process/settle-within.js';

/** How long a gauge may take to read its source (the database, Kafka, Redis) at scrape time. */
const COLLECT_TIMEOUT_MS = 2000;

/** A gauge's source, or nothing when it fails or is slow: one unreachable dependency must not
 * take the whole scrape with it, least of all during an outage. */
const orNothing = <T>(read: () => Promise<T>) => settleWithin(read, COLLECT_TIMEOUT_MS);

/** A registry of this process's metrics, with Node's own (event loop lag, heap, CPU). */
export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export type Transport = 'json' | 'grpc' | 'grpc-web';

/** Calls by operation, transport and status code: how many, and how long they took. */
export class CallMetrics {
  private readonly calls: Counter<'operation' | 'transport' | 'code'>;
  private readonly duration: Histogram<'operation' | 'transport' | 'code'>;

  constructor(registry: Registry) {
    const labelNames = ['operation', 'transport', 'code'] as const;
    this.calls = new Counter({
      name: 'identity_requests_total',
      help: 'Calls of an operation, by transport and gRPC status code.',
      labelNames,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'identity_request_duration_seconds',
      help: 'Time from a call reaching the pipeline to its answer, by operation, transport and code.',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
  }

  observe(operation: string, transport: Transport, code: string, seconds: number): void {
    const labels = { operation, transport, code };
    this.calls.inc(labels);
    this.duration.observe(labels, seconds);
  }
}

/** The outbox: committed events not yet published, and how long the oldest has waited. */
export function registerOutboxMetrics(registry: Registry, dataSource: DataSource): void {
  let latest: Promise<{ unpublished: number; oldestAgeSeconds: number } | undefined> | undefined;
  // One query per scrape serves both gauges.
  const backlog = () =>
    (latest ??= orNothing(() => outboxBacklog(dataSource)).finally(() => (latest = undefined)));
  const gauges = [
    ['identity_outbox_unpublished_events', 'unpublished'],
    ['identity_outbox_oldest_unpublished_age_seconds', 'oldestAgeSeconds'],
  ] as const;
  const help = {
    unpublished: 'Events committed but not yet published to Kafka.',
    oldestAgeSeconds: 'Age of the oldest event not yet published to Kafka; 0 when none waits.',
  };
  for (const [name, figure] of gauges)
    new Gauge({
      name,
      help: help[figure],
      registers: [registry],
      async collect() {
        const read = await backlog();
        if (read) this.set(read[figure]);
      },
    });
}

export interface ConsumerLag {
  group: string;
  topic: string;
  partition: string;
  /** Messages (events) not yet consumed. */
  lag: number;
}

/** How far each consumer group is behind the end of each partition it reads. */
export function registerConsumerLagMetrics(
  registry: Registry,
  read: () => Promise<ConsumerLag[]>,
): void {
  new Gauge({
    name: 'identity_consumer_lag_messages',
    help: 'Messages of a partition not yet consumed by a consumer group.',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers: [registry],
    async collect() {
      const lags = await orNothing(read);
      if (!lags) return;
      this.reset();
      for (const { lag, ...labels } of lags) this.set(labels, lag);
    },
  });
}

/** The email queue's jobs by state, and emails by outcome. */
export class EmailMetrics {
  private readonly emails: Counter<'outcome'>;

  constructor(registry: Registry, counts: () => Promise<Record<string, number>>) {
    new Gauge({
      name: 'identity_email_queue_jobs',
      help: 'Email jobs in the queue, by state.',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        for (const [state, count] of Object.entries((await orNothing(counts)) ?? {}))
          this.set({ state }, count);
      },
    });
    this.emails = new Counter({
      name: 'identity_emails_total',
      help: 'Email jobs finished, by outcome: sent, skipped, retried (a try failed) or failed (for good).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
  }

  count(outcome: 'sent' | 'skipped' | 'retried' | 'failed'): void {
    this.emails.inc({ outcome });
  }
}
