import type { EventRecord } from '../../shared/db/entities/index.js';

/** The `details` a change answers with: those of the event it recorded. */
export function changeDetails(event: EventRecord, resourceOwner: string) {
  return { sequence: event.position, changeDate: event.createdAt.toISOString(), resourceOwner };
}
