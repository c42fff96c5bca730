import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { loadProtoRoot, LOADER_OPTIONS } from '../../services/api/transports/grpc/proto-files.js';

export interface GrpcOutcome {
  /** 0 for OK, else the gRPC status code. */
  code: number;
  message?: string;
  response?: any;
  /** The details of grpc-status-details-bin, decoded: `@type` plus the message's fields. */
  details: Record<string, any>[];
  /** The `etag` of the answer's initial metadata, when it has one. */
  etag?: string;
}

interface GrpcCallOptions {
  token?: string;
  orgId?: string;
  headers?: Record<string, string>;
  /** Send the message gzip-compressed (`grpc-encoding: gzip`). */
  gzip?: boolean;
}

const root = loadProtoRoot();
const clients = new Map<string, grpc.Client>();

/**
 * One unary call with a real @grpc/grpc-js client, `authorization` and `x-service-orgid` as
 * metadata, the request encoded from proto/ as protoc's generated code encodes it (see
 * encodeAsProto3) and the response decoded as proto-loader decodes it.
 */
export function callGrpc(
  address: string,
  service: string,
  method: string,
  request: object,
  options: GrpcCallOptions,
): Promise<GrpcOutcome> {
  const { encode, decode } = methodCodec(service, method);
  return unaryCall(
    address,
    `/${service}/${method}`,
    request,
    (message: object) => Buffer.from(encode(message)),
    decode,
    options,
  );
}

/**
 * How a test client writes a method's request (as protoc's generated code does, see
 * encodeAsProto3) and reads its response (as proto-loader does), over gRPC and gRPC-web alike.
 */
export function methodCodec(service: string, method: string) {
  const definition = root.lookupService(service).methods[method]!;
  definition.resolve();
  const requestType = definition.resolvedRequestType!;
  const responseType = definition.resolvedResponseType!;
  return {
    encode: (message: object): Uint8Array => encodeAsProto3(requestType, message),
    decode: (bytes: Uint8Array) =>
      responseType.toObject(responseType.decode(bytes), LOADER_OPTIONS),
  };
}

/** One unary call that sends `message` as the request's bytes, whatever they are. */
export function callGrpcBytes(
  address: string,
  path: string,
  message: Uint8Array,
  options: GrpcCallOptions,
): Promise<GrpcOutcome> {
  return unaryCall(
    address,
    path,
    message,
    (bytes: Uint8Array) => Buffer.from(bytes),
    (bytes: Buffer) => bytes,
    options,
  );
}

function unaryCall<Request>(
  address: string,
  path: string,
  request: Request,
  serialize: (value: Request) => Buffer,
  deserialize: (bytes: Buffer) => unknown,
  options: GrpcCallOptions,
): Promise<GrpcOutcome> {
  const key = `${address} ${options.gzip ? 'gzip' : 'identity'}`;
  if (!clients.has(key)) {
    const channelOptions = options.gzip ? { 'grpc.default_compression_algorithm': 2 } : {};
    clients.set(key, new grpc.Client(address, grpc.credentials.createInsecure(), channelOptions));
  }
  const metadata = new grpc.Metadata();
  if (options.token) metadata.set('authorization', `Bearer ${options.token}`);
  if (options.orgId) metadata.set('x-service-orgid', options.orgId);
  for (const [name, value] of Object.entries(options.headers ?? {})) metadata.set(name, value);
  return new Promise((resolve) => {
    let etag: string | undefined;
    clients
      .get(key)!
      .makeUnaryRequest(path, serialize, deserialize, request, metadata, (error, response) => {
        if (!error) return resolve({ code: 0, response, details: [], ...(etag && { etag }) });
        const raw = error.metadata?.get('grpc-status-details-bin')[0] as Buffer | undefined;
        const details = raw ? decodeStatusDetails(raw) : [];
        resolve({ code: error.code, message: error.details, details });
      })
      .on('metadata', (initial) => {
        etag = initial.get('etag')[0] as string | undefined;
      });
  });
}

/**
 * `message` encoded as protoc's generated code (and Go, Python, grpcurl) encodes it: a field
 * without presence that holds its default (`""`, 0, false, the first enum value) is left off the
 * wire. protobufjs would send it, so a server tested only with protobufjs would never see what
 * every other client sends for an empty string.
 */
export function encodeAsProto3(type: protobuf.Type, message: object): Uint8Array {
  return type
    .encode(withoutDefaults(type, type.fromObject(withTimestamps(type, message))))
    .finish();
}

/**
 * `message` with each of its Timestamps given in the JSON form (RFC 3339) as protobufjs takes
 * one, `{seconds, nanos}`, in its messages too. Text that names no time becomes seconds past any
 * a Timestamp may hold, which the service refuses as the JSON transport refuses the text.
 */
export function withTimestamps(type: protobuf.Type, message: object): object {
  const result: Record<string, unknown> = { ...message };
  for (const field of type.fieldsArray) {
    const value = result[field.name];
    const resolved = field.resolvedType;
    const nested =
      resolved instanceof protobuf.Type && resolved.fullName !== '.google.protobuf.Struct';
    if (nested && !field.repeated && typeof value === 'object' && value !== null)
      result[field.name] = withTimestamps(resolved, value);
    if (resolved?.fullName !== '.google.protobuf.Timestamp' || typeof value !== 'string') continue;
    const ms = Date.parse(value);
    result[field.name] = Number.isNaN(ms)
      ? { seconds: 1e15, nanos: 0 }
      : { seconds: Math.floor(ms / 1000), nanos: (((ms % 1000) + 1000) % 1000) * 1e6 };
  }
  return result;
}

function withoutDefaults(type: protobuf.Type, message: protobuf.Message): protobuf.Message {
  const fields = message as unknown as Record<string, unknown>;
  for (const field of type.fieldsArray) {
    if (!Object.hasOwn(fields, field.name)) continue;
    const value = fields[field.name];
    const nested = field.resolvedType;
    if (nested instanceof protobuf.Type) {
      for (const inner of field.repeated ? (value as protobuf.Message[]) : [value])
        if (inner) withoutDefaults(nested, inner as protobuf.Message);
    } else if (!field.repeated && !field.map && !field.hasPresence && isDefault(value)) {
      delete fields[field.name];
    }
  }
  return message;
}

function isDefault(value: unknown): boolean {
  if (value instanceof Uint8Array) return value.length === 0;
  if (typeof value === 'object' && value !== null && 'isZero' in value)
    return (value as { isZero(): boolean }).isZero();
  return value === '' || value === 0 || value === false;
}

/** The details of an encoded google.rpc.Status: `@type` plus each message's fields. */
export function decodeStatusDetails(raw: Uint8Array): Record<string, any>[] {
  const status = root.lookupType('google.rpc.Status').decode(raw) as unknown as {
    details: { type_url: string; value: Uint8Array }[];
  };
  return status.details.map(({ type_url: typeUrl, value }) => {
    const type = root.lookupType(typeUrl.replace('type.googleapis.com/', ''));
    return { '@type': typeUrl, ...type.toObject(type.decode(value)) };
  });
}
