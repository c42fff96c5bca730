/*
 * Generated from schemas/requests/list-aggregate-types.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/aggregates/types/_search (identity.management.v1.ListAggregateTypesRequest): no fields; answers every aggregate type (user, project, org, instance, idp), what ListEvents filters by.
 */
export type ListAggregateTypesRequest = Record<string, never>;
