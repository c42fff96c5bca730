import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import type { Write } from '../../../shared/db/dialect.js';
import { DEFAULT_LIMIT } from './list-query.js';
import { payloadOf } from './read-details.js';
import { allOf, anyOf, inCondition } from './text-conditions.js';
import { timestampCondition } from './timestamp-conditions.js';

/** Which of an organization's events a list asks for (identity.management.v1.ListEventsRequest). */
export interface EventCriteria {
  sequence?: string | number;
  limit?: number;
  asc?: boolean;
  editorUserId?: string;
  /** Types, and prefixes of types (ending in a dot). */
  eventTypes?: string[];
  aggregateId?: string;
  aggregateTypes?: string[];
  range?: { since?: string; until?: string };
  from?: string;
}

/** An event as a list answers it (identity.management.v1.Event). */
export interface EventView {
  editor?: { userId: string; displayName?: string; preferredLoginName?: string };
  aggregate: { id: string; type: { type: string }; resourceOwner: string };
  sequence: string;
  creationDate: Date;
  payload: Record<string, unknown>;
  type: { type: string };
}

interface EventRow {
  position: string | number;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  org_id: string;
  payload: unknown;
  created_at: Date | string;
  editor_user_id: string | null;
}

/**
 * A page of the organization's events that meet every criterion, newest first (oldest with
 * `asc`), after the event at `sequence`: read from `events` by the organization and the position
 * (`events_org_position`), or by the aggregate and the position (`events_aggregate_position`)
 * when one aggregate is asked for, so a page reads about its own rows whatever the table holds.
 * Each editor is named from the users and machine users in one more read.
 */
export async function listEvents(
  dataSource: DataSource,
  orgId: string,
  criteria: EventCriteria,
): Promise<EventView[]> {
  const where = allOf(conditionsOf(orgId, criteria));
  const direction = criteria.asc ? 'ASC' : 'DESC';
  const rows: EventRow[] = await dataSource.query(
    `SELECT position, type, aggregate_type, aggregate_id, org_id, payload, created_at,
       editor_user_id FROM events WHERE ${where.sql} ORDER BY position ${direction} LIMIT ?`,
    [...where.params, criteria.limit || DEFAULT_LIMIT],
  );
  const editors = await editorsOf(dataSource, rows);
  return rows.map((row) => ({
    ...(row.editor_user_id && { editor: editors.get(row.editor_user_id) }),
    aggregate: {
      id: row.aggregate_id,
      type: { type: row.aggregate_type },
      resourceOwner: row.org_id,
    },
    sequence: String(row.position),
    creationDate: timeOf(row.created_at)!,
    payload: payloadOf(row.payload),
    type: { type: row.type },
  }));
}

function conditionsOf(orgId: string, criteria: EventCriteria): Write[] {
  const conditions: Write[] = [{ sql: 'org_id = ?', params: [orgId] }];
  // A number where it is exact, so that MySQL compares integers (a string, as a double).
  const after = Number(criteria.sequence ?? 0);
  const position = Number.isSafeInteger(after) ? after : String(criteria.sequence);
  if (position !== 0)
    conditions.push({ sql: `position ${criteria.asc ? '>' : '<'} ?`, params: [position] });
  if (criteria.editorUserId)
    conditions.push({ sql: 'editor_user_id = ?', params: [criteria.editorUserId] });
  if (criteria.aggregateId)
    conditions.push({ sql: 'aggregate_id = ?', params: [criteria.aggregateId] });
  if (criteria.aggregateTypes?.length)
    conditions.push(inCondition('aggregate_type', criteria.aggregateTypes));
  if (criteria.eventTypes?.length) conditions.push(typeCondition(criteria.eventTypes));
  const { since, until } = criteria.range ?? {};
  const from = since ?? criteria.from;
  if (from)
    conditions.push(
      timestampCondition('created_at', from, 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS'),
    );
  if (until)
    conditions.push(timestampCondition('created_at', until, 'TIMESTAMP_QUERY_METHOD_LESS'));
  return conditions;
}

/**
 * Any of the types, a prefix (ending in a dot) matching the types it begins. The request's
 * schema lets through lower-case letters and dots alone, nothing LIKE would read as a wildcard.
 */
function typeCondition(eventTypes: readonly string[]): Write {
  const exact = eventTypes.filter((type) => !type.endsWith('.'));
  const prefixes = eventTypes.filter((type) => type.endsWith('.'));
  return anyOf([
    ...(exact.length ? [inCondition('type', exact)] : []),
    ...prefixes.map((prefix) => ({ sql: 'type LIKE ?', params: [`${prefix}%`] })),
  ]);
}

/**
 * The editors of `rows` by user id, with the name and user name of those who are still a person
 * or a machine user here (a removed user is named by the id alone).
 */
async function editorsOf(
  dataSource: DataSource,
  rows: readonly EventRow[],
): Promise<Map<string, NonNullable<EventView['editor']>>> {
  const ids = [...new Set(rows.flatMap((row) => row.editor_user_id ?? []))];
  const editors = new Map(
    ids.map((userId) => [userId, { userId }] as [string, NonNullable<EventView['editor']>]),
  );
  if (ids.length === 0) return editors;
  const named = inCondition('id', ids);
  const found: { id: string; user_name: string; name: string }[] = await dataSource.query(
    `SELECT id, user_name, display_name AS name FROM users WHERE ${named.sql}
     UNION ALL SELECT id, user_name, name FROM machine_users WHERE ${named.sql}`,
    [...named.params, ...named.params],
  );
  for (const user of found)
    editors.set(user.id, {
      userId: user.id,
      displayName: user.name,
      preferredLoginName: user.user_name,
    });
  return editors;
}
