/*
 * Generated from schemas/requests/list-event-types.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/events/types/_search (identity.management.v1.ListEventTypesRequest): no fields; answers every event type the service records, in the catalogue’s order, what ListEvents filters by.
 */
export type ListEventTypesRequest = Record<string, never>;
