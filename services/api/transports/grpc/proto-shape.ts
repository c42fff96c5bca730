import protobuf from 'protobufjs';
import { STRUCT, structOf } from './struct-json.js';

/**
 * Turns a handler's result (its proto3 JSON shape, with Dates) into what protobufjs encodes for
 * `type`: Timestamps as {seconds, nanos}, Durations ("3600s") as {seconds, nanos}, JSON objects
 * as Structs, in repeated fields too. The handlers stay as they are for every transport; only
 * this knows the wire types.
 */
export function toProtoObject(
  type: protobuf.Type,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, fieldValue] of Object.entries(value)) {
    const field = type.fields[name];
    if (!field || fieldValue === undefined || fieldValue === null) continue;
    const resolved = field.resolvedType;
    if (!(resolved instanceof protobuf.Type)) result[name] = fieldValue;
    else if (Array.isArray(fieldValue))
      result[name] = fieldValue.map((item: unknown) => messageOf(resolved, item));
    else result[name] = messageOf(resolved, fieldValue);
  }
  return result;
}

/** One value of a message field, as protobufjs encodes `type`. */
function messageOf(type: protobuf.Type, value: unknown): unknown {
  if (type.fullName === '.google.protobuf.Timestamp') return timestamp(value as Date | string);
  if (type.fullName === '.google.protobuf.Duration') return duration(String(value));
  if (type.fullName === STRUCT) return structOf(value as Record<string, unknown>);
  return toProtoObject(type, value as Record<string, unknown>);
}

function timestamp(value: Date | string): { seconds: string; nanos: number } {
  const ms = new Date(value).getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: (((ms % 1000) + 1000) % 1000) * 1e6 };
}

function duration(value: string): { seconds: string; nanos: number } {
  const seconds = Number(value.replace(/s$/, ''));
  return { seconds: String(Math.trunc(seconds)), nanos: Math.round((seconds % 1) * 1e9) };
}
