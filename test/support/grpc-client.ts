import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import {
  loadProtoRoot,
  LOADER_OPTIONS,
  SERVICE_PROTOS,
} from '../../services/api/transports/grpc/proto-files.js';

export interface GrpcOutcome {
  /** 0 for OK, else the gRPC status code. */
  code: number;
  message?: string;
  response?: any;
  /** The details of grpc-status-details-bin, decoded: `@type` plus the message's fields. */
  details: Record<string, any>[];
}

const definition = grpc.loadPackageDefinition(protoLoader.loadSync(SERVICE_PROTOS, LOADER_OPTIONS));
const root = loadProtoRoot();
const clients = new Map<string, grpc.Client>();

/** One unary call with `authorization` and `x-service-orgid` as metadata. */
export function callGrpc(
  address: string,
  service: string,
  method: string,
  request: object,
  options: { token?: string; orgId?: string; headers?: Record<string, string> },
): Promise<GrpcOutcome> {
  const key = `${address}/${service}`;
  if (!clients.has(key)) {
    const Client = service
      .split('.')
      .reduce<any>((node, part) => node[part], definition) as grpc.ServiceClientConstructor;
    clients.set(key, new Client(address, grpc.credentials.createInsecure()));
  }
  const client = clients.get(key)! as unknown as Record<string, (...args: unknown[]) => void>;
  const metadata = new grpc.Metadata();
  if (options.token) metadata.set('authorization', `Bearer ${options.token}`);
  if (options.orgId) metadata.set('x-service-orgid', options.orgId);
  for (const [name, value] of Object.entries(options.headers ?? {})) metadata.set(name, value);
  return new Promise((resolve) => {
    client[method]!.call(
      client,
      request,
      metadata,
      (error: grpc.ServiceError | null, response: unknown) => {
        if (!error) return resolve({ code: 0, response, details: [] });
        const raw = error.metadata?.get('grpc-status-details-bin')[0] as Buffer | undefined;
        const details = raw ? decodeStatusDetails(raw) : [];
        resolve({ code: error.code, message: error.details, details });
      },
    );
  });
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
