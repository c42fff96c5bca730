import schema from '../../../../schemas/requests/list-aggregate-types.schema.json' with { type: 'json' };
import { AGGREGATE_TYPES } from '../../../../shared/events/cloud-event.js';
import { operation } from '../operation.js';
import type { ListAggregateTypesRequest } from './list-aggregate-types.request.generated.js';

export interface ListAggregateTypesResponse {
  aggregateTypes: { type: string }[];
}

/** Every aggregate type (ZITADEL's admin ListAggregateTypes): ListEvents' choices. */
export const listAggregateTypesOperation = operation(
  'identity.management.v1.ManagementService/ListAggregateTypes',
  'POST /management/v1/aggregates/types/_search',
  {
    permission: 'event.read',
    schema,
    handle: (_context, _request: ListAggregateTypesRequest): Promise<ListAggregateTypesResponse> =>
      Promise.resolve({ aggregateTypes: AGGREGATE_TYPES.map((type) => ({ type })) }),
  },
);
