import schema from '../../../../schemas/requests/list-events.schema.json' with { type: 'json' };
import { listEvents, type EventView } from '../../queries/event-queries.js';
import { operation, type OperationContext } from '../operation.js';
import type { ListEventsRequest } from './list-events.request.generated.js';

export interface ListEventsResponse {
  events: EventView[];
}

/** The target organization's recorded events that meet the request, a page of them. */
async function listEventsOf(
  { deps, orgId }: OperationContext,
  request: ListEventsRequest,
): Promise<ListEventsResponse> {
  return { events: await listEvents(deps.dataSource, orgId, request) };
}

/**
 * The organization's activity (ZITADEL's admin ListEvents, for one organization): what changed,
 * who changed it and when, read from `events` as written.
 */
export const listEventsOperation = operation(
  'identity.management.v1.ManagementService/ListEvents',
  'POST /management/v1/events/_search',
  { permission: 'event.read', schema, handle: listEventsOf },
);
