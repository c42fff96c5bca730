import { createRequire } from 'node:module';
import { GrpcWebClientBase, MethodDescriptor, MethodType, type RpcError } from 'grpc-web';
import { decodeStatusDetails, methodCodec, type GrpcOutcome } from './grpc-client.js';

// grpc-web is a browser library: in Node it sends through xhr2's XMLHttpRequest.
(globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest ??= createRequire(import.meta.url)(
  'xhr2',
);

const clients = {
  binary: new GrpcWebClientBase({ format: 'binary' }),
  text: new GrpcWebClientBase({ format: 'text' }),
};

type GrpcWebOptions = { token?: string; orgId?: string; format?: 'binary' | 'text' };

/**
 * One unary call with Google's grpc-web client: `authorization` and `x-service-orgid` as
 * metadata, messages encoded from proto/ as the generated stubs encode them.
 */
export function callGrpcWeb(
  baseUrl: string,
  service: string,
  method: string,
  request: object,
  options: GrpcWebOptions,
): Promise<GrpcOutcome> {
  const { encode, decode } = methodCodec(service, method);
  return unaryCall(baseUrl, `/${service}/${method}`, request, encode, decode, options);
}

/** One unary call that sends `message` as the request's bytes, whatever they are. */
export function callGrpcWebBytes(
  baseUrl: string,
  path: string,
  message: Uint8Array,
  options: GrpcWebOptions,
): Promise<GrpcOutcome> {
  return unaryCall(
    baseUrl,
    path,
    message,
    (bytes: Uint8Array) => bytes,
    (bytes) => bytes,
    options,
  );
}

function unaryCall<Request>(
  baseUrl: string,
  path: string,
  request: Request,
  serialize: (value: Request) => Uint8Array,
  deserialize: (bytes: Uint8Array) => unknown,
  options: GrpcWebOptions,
): Promise<GrpcOutcome> {
  const descriptor = new MethodDescriptor(
    path,
    MethodType.UNARY,
    Object as never,
    Object as never,
    serialize,
    deserialize,
  );
  const metadata: Record<string, string> = {};
  if (options.token) metadata.authorization = `Bearer ${options.token}`;
  if (options.orgId) metadata['x-service-orgid'] = options.orgId;
  return clients[options.format ?? 'binary']
    .unaryCall(`${baseUrl}${path}`, request, metadata, descriptor)
    .then(
      (response) => ({ code: 0, response, details: [] }),
      (error: RpcError) => {
        const raw = error.metadata?.['grpc-status-details-bin'];
        return {
          code: error.code,
          message: error.message,
          details: raw ? decodeStatusDetails(Buffer.from(raw, 'base64')) : [],
        };
      },
    );
}
