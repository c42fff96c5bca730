/**
 * The load side of the transport benchmark, run as its own process so the client's work does not
 * share the server's event loop. Sends Update Project over one transport from `concurrency`
 * loops for `seconds`, each loop renaming its own project, and prints one JSON line:
 * {requests, errors, seconds, latenciesMs}.
 *
 * JSON and gRPC-web go through node:http with a keep-alive agent; the gRPC-web body is framed and
 * encoded once per request as the grpc-web client does it. gRPC uses @grpc/grpc-js over one
 * channel, as a service calling us would.
 */
import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import {
  loadProtoRoot,
  LOADER_OPTIONS,
  SERVICE_PROTOS,
} from '../services/api/transports/grpc/proto-files.js';
import { dataFrame } from '../services/api/transports/grpc-web/grpc-web-framing.js';

export interface LoadSpec {
  transport: 'JSON' | 'gRPC' | 'gRPC-web';
  httpUrl: string;
  grpcAddress: string;
  token: string;
  projectIds: string[];
  seconds: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

type Send = (projectId: string, name: string) => Promise<boolean>;

function senders(spec: LoadSpec): Send {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.projectIds.length });
  const post = (method: string, path: string, headers: Record<string, string>, body: Buffer) =>
    new Promise<{ status: number; body: Buffer; trailers: string }>((resolve, reject) => {
      const request = http.request(
        `${spec.httpUrl}${path}`,
        { method, agent, headers: { ...headers, authorization: `Bearer ${spec.token}` } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const all = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              body: all,
              trailers: all.toString('latin1'),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  if (spec.transport === 'JSON') {
    return async (projectId, name) => {
      const response = await post(
        'PUT',
        `/management/v1/projects/${projectId}`,
        { 'content-type': 'application/json' },
        Buffer.from(JSON.stringify({ name, projectRoleCheck: true })),
      );
      return response.status === 200;
    };
  }
  const root = loadProtoRoot();
  if (spec.transport === 'gRPC-web') {
    const type = root.lookupType('identity.management.v1.UpdateProjectRequest');
    return async (projectId, name) => {
      const message = type
        .encode(type.fromObject({ id: projectId, name, projectRoleCheck: true }))
        .finish();
      const response = await post(
        'POST',
        '/identity.management.v1.ManagementService/UpdateProject',
        { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' },
        dataFrame(message),
      );
      return response.status === 200 && response.trailers.includes('grpc-status:0');
    };
  }
  const definition = grpc.loadPackageDefinition(
    protoLoader.loadSync(SERVICE_PROTOS, LOADER_OPTIONS),
  );
  const management = (definition.identity as grpc.GrpcObject).management as grpc.GrpcObject;
  const client = new (
    (management.v1 as grpc.GrpcObject).ManagementService as grpc.ServiceClientConstructor
  )(spec.grpcAddress, grpc.credentials.createInsecure()) as grpc.Client &
    Record<string, (...args: unknown[]) => void>;
  const metadata = new grpc.Metadata();
  metadata.set('authorization', `Bearer ${spec.token}`);
  return (projectId, name) =>
    new Promise((resolve) =>
      client.UpdateProject!(
        { id: projectId, name, projectRoleCheck: true },
        metadata,
        (error: unknown) => resolve(!error),
      ),
    );
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const send = senders(spec);
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + spec.seconds * 1000;
  await Promise.all(
    spec.projectIds.map(async (projectId, loop) => {
      for (let i = 0; performance.now() < until; i++) {
        const at = performance.now();
        const ok = await send(projectId, `Load ${loop}-${i % 2}`).catch(() => false);
        latenciesMs.push(performance.now() - at);
        if (!ok) errors++;
      }
    }),
  );
  return {
    requests: latenciesMs.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
  };
}

if (process.argv[2] === '--child') {
  const spec = JSON.parse(process.argv[3]!) as LoadSpec;
  runLoad(spec).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
