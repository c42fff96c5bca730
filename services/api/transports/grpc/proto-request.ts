import protobuf from 'protobufjs';
import {
  invalidArgument,
  requestTooLarge,
  type ServiceError,
} from '../../../../shared/errors/service-error.js';
import { LOADER_OPTIONS } from './proto-files.js';
import type { ProtoMethod } from './proto-methods.js';
import { withWellKnownTypesAsJson } from './struct-json.js';

/**
 * A request message as both gRPC transports hand it to the pipeline, or the ServiceError that
 * says why there is none: larger than the body limit, or not the method's message. It never
 * throws, because grpc-js answers a deserializer that throws with its own INTERNAL.
 *
 * The message is decoded as proto-loader decodes it (proto3 JSON names, enums by name, no
 * defaults; Structs as JSON objects, Timestamps as RFC 3339), with `""` in each string the request schema requires: proto3 sends an empty string
 * as no field at all, so a required string missing from the wire is the empty string the caller
 * sent, and validation says of it what it says of `""` over JSON.
 */
export function decodeRequest(
  method: ProtoMethod,
  message: Uint8Array,
  limit: number,
): Record<string, unknown> | ServiceError {
  if (message.length > limit) return requestTooLarge();
  const type = method.requestType;
  let decoded: Record<string, unknown>;
  try {
    decoded = withWellKnownTypesAsJson(type, type.toObject(type.decode(message), LOADER_OPTIONS));
  } catch {
    return malformedRequest(`not a valid ${type.name}`);
  }
  return withRequiredStrings(type, method.operation.schema as ObjectSchema, decoded);
}

/** INVALID_ARGUMENT for a request body the transport cannot read. */
export function malformedRequest(why: string): ServiceError {
  return invalidArgument([{ field: '', description: `the request body is ${why}` }]);
}

/** The part of a request JSON Schema that says which fields are required, level by level. */
interface ObjectSchema {
  required?: string[];
  properties?: Record<string, ObjectSchema>;
  items?: ObjectSchema;
}

/**
 * `value` with `""` for every required string of `schema` that has no presence on the wire (not
 * `optional`), in it and in each nested message it holds. A missing message stays missing: a
 * message field has presence, so its absence is the caller's.
 */
function withRequiredStrings(
  type: protobuf.Type,
  schema: ObjectSchema,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...value };
  for (const name of schema.required ?? []) {
    const field = type.fields[name];
    if (result[name] === undefined && field?.type === 'string' && isImplicit(field))
      result[name] = '';
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const nested = type.fields[name]?.resolvedType;
    const inner = result[name];
    // A message the JSON mapping writes as a scalar (a Timestamp's RFC 3339) has no fields here.
    if (!(nested instanceof protobuf.Type) || typeof inner !== 'object' || inner === null) continue;
    result[name] = Array.isArray(inner)
      ? inner.map((item: Record<string, unknown>) =>
          withRequiredStrings(nested, property.items ?? {}, item),
        )
      : withRequiredStrings(nested, property, inner as Record<string, unknown>);
  }
  return result;
}

/** A singular field whose empty value proto3 leaves off the wire. */
function isImplicit(field: protobuf.Field): boolean {
  return !field.repeated && !field.map && !field.hasPresence;
}
