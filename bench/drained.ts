/**
 * Whether the work a measured run set off is done: the relay has published the outbox and every
 * worker group has consumed it. A run's CPU is read after that, so that an operation's figure
 * holds what its events cost later too, not only what was spent inside the measured seconds.
 */
import type { Admin } from 'kafkajs';
import type { Config } from '../shared/config/config.js';
import { AGGREGATE_TYPES, topicOf } from '../shared/events/cloud-event.js';
import { sleep } from './bench-report.js';

/** How long to wait for the relay and the worker before reading the CPU anyway. */
const PATIENCE_MS = 60_000;
const POLL_MS = 100;

/** Resolves once the topics' ends stood still over a poll and no worker group lags behind them. */
export function drained(
  admin: Admin,
  config: Config,
  patienceMs = PATIENCE_MS,
): () => Promise<void> {
  const topics = AGGREGATE_TYPES.map((type) => topicOf(config.kafka.topicPrefix, type));
  const ends = async () => {
    const high = new Map<string, number>();
    for (const topic of topics)
      for (const end of await admin.fetchTopicOffsets(topic))
        high.set(`${topic}/${end.partition}`, Number(end.high));
    return high;
  };
  /** How far the groups are behind the ends, over the partitions each has committed in. */
  const lag = async (groups: string[], high: Map<string, number>) => {
    let behind = 0;
    for (const groupId of groups)
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics }))
        for (const { partition, offset } of partitions)
          if (Number(offset) >= 0) behind += high.get(`${topic}/${partition}`)! - Number(offset);
    return behind;
  };
  const total = (high: Map<string, number>) => [...high.values()].reduce((a, b) => a + b, 0);
  return async () => {
    const groups = (await admin.listGroups()).groups
      .map(({ groupId }) => groupId)
      .filter((groupId) => groupId.startsWith(`${config.worker.consumerGroupPrefix}.`));
    const until = Date.now() + patienceMs;
    let before = total(await ends());
    while (Date.now() < until) {
      await sleep(POLL_MS);
      const high = await ends();
      if (total(high) === before && (await lag(groups, high)) === 0) return;
      before = total(high);
    }
    console.error(`bench: the relay or the worker had not caught up after ${patienceMs} ms`);
  };
}
