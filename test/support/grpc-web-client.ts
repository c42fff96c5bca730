import { createRequire } from 'node:module';
import { GrpcWebClientBase, MethodDescriptor, MethodType, type RpcError } from 'grpc-web';
import { loadProtoRoot, LOADER_OPTIONS } from '../../services/api/transports/grpc/proto-files.js';
import { decodeStatusDetails, type GrpcOutcome } from './grpc-client.js';

// grpc-web is a browser library: in Node it sends through xhr2's XMLHttpRequest.
(globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest ??= createRequire(import.meta.url)(
  'xhr2',
);

const root = loadProtoRoot();
const clients = {
  binary: new GrpcWebClientBase({ format: 'binary' }),
  text: new GrpcWebClientBase({ format: 'text' }),
};

/**
 * One unary call with Google's grpc-web client: `authorization` and `x-service-orgid` as
 * metadata, messages encoded from proto/ with protobufjs as the generated stubs would.
 */
export function callGrpcWeb(
  baseUrl: string,
  service: string,
  method: string,
  request: object,
  options: { token?: string; orgId?: string; format?: 'binary' | 'text' },
): Promise<GrpcOutcome> {
  const definition = root.lookupService(service).methods[method]!;
  definition.resolve();
  const requestType = definition.resolvedRequestType!;
  const responseType = definition.resolvedResponseType!;
  const descriptor = new MethodDescriptor(
    `/${service}/${method}`,
    MethodType.UNARY,
    Object as never,
    Object as never,
    (message: object) => requestType.encode(requestType.fromObject(message)).finish(),
    (bytes: Uint8Array) => responseType.toObject(responseType.decode(bytes), LOADER_OPTIONS),
  );
  const metadata: Record<string, string> = {};
  if (options.token) metadata.authorization = `Bearer ${options.token}`;
  if (options.orgId) metadata['x-service-orgid'] = options.orgId;
  return clients[options.format ?? 'binary']
    .unaryCall(`${baseUrl}/${service}/${method}`, request, metadata, descriptor)
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
