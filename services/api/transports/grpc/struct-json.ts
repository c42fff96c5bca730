import protobuf from 'protobufjs';

/**
 * google.protobuf.Struct as protobufjs holds it (`{fields: {name: Value}}`, each Value one of its
 * kinds) and as the proto3 JSON mapping has it: a plain JSON object. protobufjs maps only Any to
 * JSON itself; the WebAuthn options and credentials the passkey operations carry are Structs. A
 * request's Timestamps (a machine credential's expiry) are mapped here too, to RFC 3339.
 */
interface WireValue {
  nullValue?: unknown;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: WireStruct;
  listValue?: { values?: WireValue[] };
}
interface WireStruct {
  fields?: Record<string, WireValue>;
}

export const STRUCT = '.google.protobuf.Struct';

/** A JSON object as a Struct for protobufjs to encode. */
export function structOf(json: Record<string, unknown>): WireStruct {
  const fields: Record<string, WireValue> = {};
  for (const [name, value] of Object.entries(json))
    if (value !== undefined) fields[name] = valueOf(value);
  return { fields };
}

function valueOf(json: unknown): WireValue {
  if (json === null) return { nullValue: 0 };
  if (typeof json === 'number') return { numberValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: { values: json.map(valueOf) } };
  if (typeof json === 'object') return { structValue: structOf(json as Record<string, unknown>) };
  return { nullValue: 0 };
}

/** A decoded Struct as the JSON object it stands for. */
function jsonOf(struct: WireStruct): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(struct.fields ?? {})) json[name] = jsonOfValue(value);
  return json;
}

function jsonOfValue(value: WireValue): unknown {
  if (value.numberValue !== undefined) return value.numberValue;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.structValue !== undefined) return jsonOf(value.structValue);
  if (value.listValue !== undefined) return (value.listValue.values ?? []).map(jsonOfValue);
  return null;
}

const TIMESTAMP = '.google.protobuf.Timestamp';

/**
 * A decoded Timestamp as the proto3 JSON mapping writes it, RFC 3339 in UTC (to the millisecond:
 * what the service keeps). One that names no time a Date holds (seconds out of range, nanos
 * outside 0 to 999,999,999) stays a text no RFC 3339 format takes, for validation to refuse.
 */
function rfc3339Of({ seconds = '0', nanos = 0 }: { seconds?: string; nanos?: number }): string {
  const time = new Date(Number(seconds) * 1000 + Math.floor(nanos / 1e6));
  const valid = !Number.isNaN(time.getTime()) && nanos >= 0 && nanos <= 999_999_999;
  return valid ? time.toISOString() : `${seconds}s ${nanos}ns`;
}

/**
 * `value`, a decoded message of `type`, with each Struct in it (at any depth) as JSON and each
 * Timestamp as RFC 3339: the request the JSON transport would have read.
 */
export function withWellKnownTypesAsJson(
  type: protobuf.Type,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...value };
  for (const field of type.fieldsArray) {
    const resolved = field.resolvedType;
    const inner = result[field.name];
    if (!(resolved instanceof protobuf.Type) || inner === undefined || inner === null) continue;
    const convert = (item: Record<string, unknown>) =>
      resolved.fullName === STRUCT
        ? jsonOf(item)
        : resolved.fullName === TIMESTAMP
          ? rfc3339Of(item)
          : withWellKnownTypesAsJson(resolved, item);
    result[field.name] = Array.isArray(inner)
      ? inner.map((item: Record<string, unknown>) => convert(item))
      : convert(inner as Record<string, unknown>);
  }
  return result;
}
