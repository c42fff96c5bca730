import protobuf from 'protobufjs';
import { takesBody } from '../../services/api/operations/operation.js';
import { operations } from '../../services/api/operations/operations.js';
import type { Operation } from '../../services/api/operations/operation.js';
import { loadProtoRoot, LOADER_OPTIONS } from '../../services/api/transports/grpc/proto-files.js';
import {
  protoMethods,
  type ProtoMethod,
} from '../../services/api/transports/grpc/proto-methods.js';
import {
  dataFrame,
  readUnaryMessage,
} from '../../services/api/transports/grpc-web/grpc-web-framing.js';
import { withTimestamps } from '../support/grpc-client.js';
import type { FuzzRequest, GrpcFuzzRequest, HttpFuzzRequest } from './fuzz-request.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

/**
 * A valid call as each transport carries it, built from the operations' own descriptors and
 * proto/ as the service reads them, so the fuzzer's starting points are what clients send.
 */
const methods = protoMethods(loadProtoRoot(), operations);

/** The operation's method at a gRPC path, if the path names one. */
export const protoMethodAt = (path: string): ProtoMethod | undefined => methods.get(path);

export const grpcPathOf = (operation: Operation): string =>
  `/${operation.grpc.service}/${operation.grpc.method}`;

/** Every gRPC path the service serves for an operation. */
export const GRPC_PATHS = [...methods.keys()];

/** The fields of the message that REST carries in the path. */
export const pathFields = (operation: Operation): string[] =>
  [...operation.http.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The REST path with the message's path fields in it (a lone surrogate as U+FFFD, as UTF-8 has it). */
function restPath(call: ValidCall): string {
  return call.operation.http.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = String(call.message[name]);
    try {
      return encodeURIComponent(value);
    } catch {
      return encodeURIComponent(Buffer.from(value).toString());
    }
  });
}

/** The JSON body: the message without what the path carries; none for a GET or a DELETE. */
export function restBody(call: ValidCall): Record<string, unknown> | undefined {
  if (!takesBody(call.operation)) return undefined;
  const fields = pathFields(call.operation);
  return Object.fromEntries(
    Object.entries(call.message).filter(([name]) => !fields.includes(name)),
  );
}

function callerHeaders(call: ValidCall): Record<string, string> {
  return {
    authorization: `Bearer ${call.token}`,
    ...(call.orgId === undefined ? {} : { 'x-service-orgid': call.orgId }),
  };
}

export function jsonRequest(call: ValidCall): HttpFuzzRequest {
  const body = restBody(call);
  return {
    transport: 'json',
    kind: call.operation.grpc.method,
    method: call.operation.http.method,
    path: restPath(call),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...callerHeaders(call),
    },
    body: body === undefined ? new Uint8Array() : Buffer.from(JSON.stringify(body)),
  };
}

/**
 * The request message in protobuf, encoded as protobufjs (and so the grpc-web stubs) does. A
 * bytes field, base64 in the message's JSON shape, is decoded as Node decodes base64 (skipping
 * what is not of its alphabet), so that a bent string still makes some bytes; a Timestamp, RFC
 * 3339 there, becomes seconds and nanos (withTimestamps).
 */
export function encodeMessage(call: ValidCall): Uint8Array {
  const { requestType } = methods.get(grpcPathOf(call.operation))!;
  const message = withBytes(requestType, call.message);
  return requestType.encode(requestType.fromObject(withTimestamps(requestType, message))).finish();
}

/**
 * The message with each bytes field's string decoded as Node decodes base64, at any depth (a
 * bulk of metadata carries its values in repeated messages): protobufjs refuses a string that
 * is not base64, which a bent string often is not.
 */
function withBytes(type: protobuf.Type, message: Record<string, unknown>): Record<string, unknown> {
  const result = { ...message };
  for (const field of type.fieldsArray) {
    const value = result[field.name];
    const nested = field.resolvedType;
    const decoded = (each: unknown): unknown => {
      if (field.type === 'bytes' && typeof each === 'string') return Buffer.from(each, 'base64');
      if (nested instanceof protobuf.Type && typeof each === 'object' && each !== null)
        return withBytes(nested, each as Record<string, unknown>);
      return each;
    };
    if (value !== undefined)
      result[field.name] = Array.isArray(value) ? value.map(decoded) : decoded(value);
  }
  return result;
}

export function grpcRequest(call: ValidCall): GrpcFuzzRequest {
  return {
    transport: 'grpc',
    kind: call.operation.grpc.method,
    path: grpcPathOf(call.operation),
    metadata: Object.entries(callerHeaders(call)),
    message: encodeMessage(call),
  };
}

export function grpcWebRequest(call: ValidCall): HttpFuzzRequest {
  return {
    transport: 'grpc-web',
    kind: call.operation.grpc.method,
    method: 'POST',
    path: grpcPathOf(call.operation),
    headers: {
      'content-type': 'application/grpc-web+proto',
      'x-grpc-web': '1',
      ...callerHeaders(call),
    },
    body: dataFrame(encodeMessage(call)),
  };
}

/**
 * For a report: the protobuf message of a gRPC or gRPC-web request as the service decodes it
 * (long strings cut), or why it does not decode; undefined for JSON.
 */
export function decodedMessage(request: FuzzRequest): string | undefined {
  const method = protoMethodAt(request.path.split('?')[0]!);
  if (!method || request.transport === 'json') return undefined;
  let bytes: Uint8Array | undefined = request.transport === 'grpc' ? request.message : undefined;
  if (request.transport === 'grpc-web') {
    const text = /grpc-web-text/i.test(request.headers['content-type'] ?? '');
    const body = Buffer.from(request.body);
    bytes = readUnaryMessage(text ? Buffer.from(body.toString('latin1'), 'base64') : body);
  }
  try {
    const message = method.requestType.toObject(method.requestType.decode(bytes!), LOADER_OPTIONS);
    return JSON.stringify(message, (_key, value: unknown) =>
      typeof value === 'string' && value.length > 60
        ? `${value.slice(0, 30)}…(${value.length} chars of ${JSON.stringify([...new Set(value)].slice(0, 3).join(''))})`
        : value,
    );
  } catch (error) {
    return `nothing: ${(error as Error).message}`;
  }
}
