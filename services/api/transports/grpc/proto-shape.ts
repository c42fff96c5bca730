import protobuf from 'protobufjs';

/**
 * Turns a handler's result (its proto3 JSON shape, with Dates) into what protobufjs encodes for
 * `type`: Timestamps as {seconds, nanos}, Durations ("3600s") as {seconds, nanos}. The handlers
 * stay as they are for every transport; only this knows the wire types.
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
    if (resolved instanceof protobuf.Type) {
      if (resolved.fullName === '.google.protobuf.Timestamp')
        result[name] = timestamp(fieldValue as Date | string);
      else if (resolved.fullName === '.google.protobuf.Duration')
        result[name] = duration(String(fieldValue));
      else result[name] = toProtoObject(resolved, fieldValue as Record<string, unknown>);
    } else {
      result[name] = fieldValue;
    }
  }
  return result;
}

function timestamp(value: Date | string): { seconds: string; nanos: number } {
  const ms = new Date(value).getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: (((ms % 1000) + 1000) % 1000) * 1e6 };
}

function duration(value: string): { seconds: string; nanos: number } {
  const seconds = Number(value.replace(/s$/, ''));
  return { seconds: String(Math.trunc(seconds)), nanos: Math.round((seconds % 1) * 1e9) };
}
