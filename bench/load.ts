/**
 * The load side of `npm run bench`, run as its own process so the client's work does not share
 * the server's event loop. Sends one operation over one transport from `concurrency` loops for
 * `seconds` and prints one JSON line: {requests, errors, seconds, latenciesMs}.
 *
 * JSON and gRPC-web go through node:http with a keep-alive agent; the gRPC-web body is framed and
 * encoded per request as the grpc-web client does it. gRPC uses @grpc/grpc-js over one channel
 * per service, as a service calling us would. Every request is a real write: imports use a new
 * userName each, updates alternate between two values so each one changes something.
 */
import { BCRYPT, closedLoops, runAsChild, type LoadResult } from './bench-report.js';
import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import {
  loadProtoRoot,
  LOADER_OPTIONS,
  SERVICE_PROTOS,
} from '../services/api/transports/grpc/proto-files.js';
import { dataFrame } from '../services/api/transports/grpc-web/grpc-web-framing.js';

export const OPERATIONS = [
  'ImportHashedPassword',
  'ImportClearPassword',
  'UpdateMyProfile',
  'UpdateProject',
] as const;
export type Operation = (typeof OPERATIONS)[number];
export const TRANSPORTS = ['JSON', 'gRPC', 'gRPC-web'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface Fixtures {
  httpUrl: string;
  grpcAddress: string;
  /** The organization owner's token: imports and project updates. */
  ownerToken: string;
  /** One user's token per loop: each loop updates its own profile. */
  userTokens: string[];
  /** One project per loop. */
  projectIds: string[];
}

export interface LoadSpec {
  operation: Operation;
  transport: Transport;
  concurrency: number;
  seconds: number;
  /** Makes this run's userNames its own. */
  runId: string;
  fixtures: Fixtures;
}

interface Call {
  /** REST method and path. */
  method: 'POST' | 'PUT';
  path: string;
  /** gRPC service, method and request message. */
  service: 'auth' | 'management';
  rpc: string;
  requestType: string;
  /** The JSON body; the gRPC message is the same plus what REST has in the path. */
  body: Record<string, unknown>;
  inPath?: Record<string, unknown>;
  token: string;
}

function callOf(spec: LoadSpec, loop: number, i: number): Call {
  const { fixtures } = spec;
  switch (spec.operation) {
    case 'ImportHashedPassword':
    case 'ImportClearPassword': {
      const userName = `${spec.runId}-${loop}-${i}`;
      const credential =
        spec.operation === 'ImportHashedPassword'
          ? { hashedPassword: { value: BCRYPT } }
          : { password: 'Sup3r-secret!' };
      return {
        method: 'POST',
        path: '/management/v1/users/human/_import',
        service: 'management',
        rpc: 'ImportHumanUser',
        requestType: 'identity.management.v1.ImportHumanUserRequest',
        body: {
          userName,
          profile: { firstName: 'Bench', lastName: `Loop ${loop}` },
          email: { email: `${userName}@example.com`, isEmailVerified: true },
          ...credential,
        },
        token: fixtures.ownerToken,
      };
    }
    case 'UpdateMyProfile':
      return {
        method: 'PUT',
        path: '/auth/v1/users/me/profile',
        service: 'auth',
        rpc: 'UpdateMyProfile',
        requestType: 'identity.auth.v1.UpdateMyProfileRequest',
        body: { firstName: 'Bench', lastName: `Loop ${loop}`, displayName: `Bench ${i % 2}` },
        token: fixtures.userTokens[loop]!,
      };
    case 'UpdateProject': {
      const id = fixtures.projectIds[loop]!;
      return {
        method: 'PUT',
        path: `/management/v1/projects/${id}`,
        service: 'management',
        rpc: 'UpdateProject',
        requestType: 'identity.management.v1.UpdateProjectRequest',
        body: { name: `Load ${loop}-${i % 2}`, projectRoleCheck: true },
        inPath: { id },
        token: fixtures.ownerToken,
      };
    }
  }
}

type Send = (call: Call) => Promise<boolean>;

function sender(spec: LoadSpec): Send {
  const { fixtures } = spec;
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const send = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | Uint8Array,
  ) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const request = http.request(
        `${fixtures.httpUrl}${path}`,
        { method, agent, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  if (spec.transport === 'JSON') {
    return async (call) => {
      const response = await send(
        call.method,
        call.path,
        { 'content-type': 'application/json', authorization: `Bearer ${call.token}` },
        Buffer.from(JSON.stringify(call.body)),
      );
      return response.status === 200;
    };
  }
  const root = loadProtoRoot();
  if (spec.transport === 'gRPC-web') {
    return async (call) => {
      const type = root.lookupType(call.requestType);
      const message = type.encode(type.fromObject({ ...call.body, ...call.inPath })).finish();
      const service =
        call.service === 'auth'
          ? 'identity.auth.v1.AuthService'
          : 'identity.management.v1.ManagementService';
      const response = await send(
        'POST',
        `/${service}/${call.rpc}`,
        {
          'content-type': 'application/grpc-web+proto',
          'x-grpc-web': '1',
          authorization: `Bearer ${call.token}`,
        },
        dataFrame(message),
      );
      return response.status === 200 && response.body.toString('latin1').includes('grpc-status:0');
    };
  }
  const definition = grpc.loadPackageDefinition(
    protoLoader.loadSync(SERVICE_PROTOS, LOADER_OPTIONS),
  );
  const identity = definition.identity as grpc.GrpcObject;
  const clientOf = (service: 'auth' | 'management') => {
    const pkg = (identity[service] as grpc.GrpcObject).v1 as grpc.GrpcObject;
    const name = service === 'auth' ? 'AuthService' : 'ManagementService';
    return new (pkg[name] as grpc.ServiceClientConstructor)(
      fixtures.grpcAddress,
      grpc.credentials.createInsecure(),
      { 'grpc.enable_channelz': 0 },
    ) as grpc.Client & Record<string, (...args: unknown[]) => void>;
  };
  const clients = { auth: clientOf('auth'), management: clientOf('management') };
  return (call) =>
    new Promise((resolve) => {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', `Bearer ${call.token}`);
      clients[call.service][call.rpc]!(
        { ...call.body, ...call.inPath },
        metadata,
        (error: unknown) => resolve(!error),
      );
    });
}

function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const send = sender(spec);
  return closedLoops(spec.concurrency, spec.seconds, (loop, i) => send(callOf(spec, loop, i)));
}

runAsChild(runLoad);
