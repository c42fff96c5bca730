import type { CloudEvent } from '../../../shared/events/cloud-event.js';
import type { EventType } from '../../../shared/events/event-types.js';

/**
 * One job the worker does with events. It says which types it handles and exposes one
 * `perform(event)`, which a test can call directly. `perform` must be idempotent: the same event
 * may come again after a crash or a replay, and must change nothing the second time.
 */
export interface EventConsumer {
  /** Names the consumer group, `<WORKER_GROUP_PREFIX>.<name>`, so each job keeps its own offsets. */
  readonly name: string;
  readonly handles: readonly EventType[];
  perform(event: CloudEvent): Promise<void>;
  /**
   * Performs a batch of events as `perform` would one after another, in fewer round trips. Where
   * it is missing, a batch is performed one event at a time.
   */
  performAll?(events: CloudEvent[]): Promise<void>;
}
