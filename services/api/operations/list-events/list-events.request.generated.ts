/*
 * Generated from schemas/requests/list-events.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/events/_search (identity.management.v1.ListEventsRequest): the target organization's recorded events that meet every criterion given, newest first (oldest first with asc), a page at a time after a sequence.
 */
export interface ListEventsRequest {
  /**
   * The page starts after the event at this position (the last sequence of the page before): older events when descending, newer ones with asc; 0 or omitted from the start.
   */
  sequence?: number | string;
  /**
   * Events in the page, at most 1000; 100 when 0 or omitted.
   */
  limit?: number;
  /**
   * Oldest first when true, newest first otherwise.
   */
  asc?: boolean;
  /**
   * The events recorded by this user’s calls; every editor when empty or omitted.
   */
  editorUserId?: string;
  /**
   * At most 20: the events of any of these types; one ending in a dot (such as user.human.) is a prefix of the types it matches.
   *
   * @maxItems 20
   */
  eventTypes?: string[];
  /**
   * The events of this aggregate (a user, a project, an identity provider, the organization); every aggregate when empty or omitted.
   */
  aggregateId?: string;
  /**
   * The events of aggregates of any of these types.
   *
   * @maxItems 5
   */
  aggregateTypes?: ('user' | 'project' | 'org' | 'instance' | 'idp')[];
  /**
   * The events recorded at or after since and before until (either may be omitted); not together with from.
   */
  range?: {
    /**
     * An RFC 3339 time: the events recorded at or after it.
     */
    since?: string;
    /**
     * An RFC 3339 time: the events recorded before it.
     */
    until?: string;
  };
  /**
   * An RFC 3339 time: the events recorded at or after it; not together with range.
   */
  from?: string;
}
