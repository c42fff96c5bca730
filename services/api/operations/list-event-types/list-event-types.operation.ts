import schema from '../../../../schemas/requests/list-event-types.schema.json' with { type: 'json' };
import { EVENT_TYPES } from '../../../../shared/events/event-type-list.js';
import { operation } from '../operation.js';
import type { ListEventTypesRequest } from './list-event-types.request.generated.js';

export interface ListEventTypesResponse {
  eventTypes: { type: string }[];
}

/** Every event type the service records (ZITADEL's admin ListEventTypes): ListEvents' choices. */
export const listEventTypesOperation = operation(
  'identity.management.v1.ManagementService/ListEventTypes',
  'POST /management/v1/events/types/_search',
  {
    permission: 'event.read',
    schema,
    handle: (_context, _request: ListEventTypesRequest): Promise<ListEventTypesResponse> =>
      Promise.resolve({ eventTypes: EVENT_TYPES.map((type) => ({ type })) }),
  },
);
