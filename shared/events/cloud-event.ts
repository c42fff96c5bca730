import type { EventRecord } from '../db/entities/event-record.entity.js';
import { aggregateTypeOf, type AggregateType, type EventType } from './event-types.js';

/** Where the JSON Schema of each event type is published; `dataschema` points there. */
const EVENT_SCHEMA_BASE = 'https://identity.example/schemas/events/';

/**
 * What consumers receive: CloudEvents 1.0 in structured JSON mode, with the extensions
 * `sequence` (the service-wide position, a decimal string) and `resourceowner` (organization).
 */
export interface CloudEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: EventType;
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  dataschema: string;
  data: Record<string, unknown>;
  sequence: string;
  resourceowner: string;
}

export function toCloudEvent(event: EventRecord, source: string): CloudEvent {
  return {
    specversion: '1.0',
    id: event.id,
    source,
    type: event.type as EventType,
    subject: event.aggregateId,
    time: event.createdAt.toISOString(),
    datacontenttype: 'application/json',
    dataschema: `${EVENT_SCHEMA_BASE}${event.type}.schema.json`,
    data: typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload,
    sequence: String(event.position),
    resourceowner: event.orgId,
  };
}

/**
 * An outbox row as the relay reads it: the payload may still be the JSON text it was stored as,
 * and its editor is not read (the CloudEvent does not carry it).
 */
export type StoredEvent = Omit<EventRecord, 'payload' | 'editorUserId'> & {
  payload: string | object;
};

/**
 * `JSON.stringify(toCloudEvent(event, source))`, the same bytes, but a payload stored as JSON
 * text goes in as it is instead of being parsed only to be written out again: the relay's way,
 * which saves it a parse and a stringify of every payload it publishes.
 */
export function cloudEventJson(event: StoredEvent, source: string): string {
  const data = typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload);
  const text = JSON.stringify;
  return (
    `{"specversion":"1.0","id":${text(event.id)},"source":${text(source)},` +
    `"type":${text(event.type)},"subject":${text(event.aggregateId)},` +
    `"time":${text(event.createdAt.toISOString())},"datacontenttype":"application/json",` +
    `"dataschema":${text(`${EVENT_SCHEMA_BASE}${event.type}.schema.json`)},"data":${data},` +
    `"sequence":${text(String(event.position))},"resourceowner":${text(event.orgId)}}`
  );
}

/** `identity.user.v1`, `identity.project.v1`: one topic per aggregate type. */
export function topicOf(prefix: string, type: EventType | AggregateType): string {
  const aggregate = type.includes('.') ? aggregateTypeOf(type as EventType) : type;
  return `${prefix}${aggregate}.v1`;
}

export const AGGREGATE_TYPES = [
  'user',
  'project',
  'org',
  'instance',
  'idp',
] as const satisfies readonly AggregateType[];
