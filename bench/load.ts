/**
 * The load side of `npm run bench`, run as its own process so the client's work does not share
 * the server's event loop. Sends one operation over one transport from `concurrency` loops for
 * `seconds` and prints one JSON line: {requests, errors, seconds, latenciesMs}.
 *
 * JSON and gRPC-web go through keep-alive connections of the load's own (bench/http1-client.ts),
 * one per loop; the gRPC-web body is framed and encoded per request as the grpc-web client does
 * it. gRPC goes over one HTTP/2 connection of the load's own (bench/grpc-client.ts), a stream per
 * call, as a channel of a gRPC client does. Every request is a real write: imports use a new userName each, updates
 * alternate between two values so each one changes something.
 */
import { BCRYPT, closedLoops, runAsChild, type LoadResult } from './bench-report.js';
import { Http1Pool } from './http1-client.js';
import { GrpcConnection } from './grpc-client.js';
import { loadProtoRoot } from '../services/api/transports/grpc/proto-files.js';
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

const SERVICES = {
  auth: 'identity.auth.v1.AuthService',
  management: 'identity.management.v1.ManagementService',
} as const;

/**
 * JSON and gRPC-web over keep-alive HTTP/1.1 connections of our own (bench/http1-client.ts), one
 * per loop; gRPC over one HTTP/2 connection of our own (bench/grpc-client.ts), each call a stream
 * as the gRPC protocol has it. Both cost the client far less CPU than node:http, node:http2 and
 * @grpc/grpc-js, and on a machine the service shares that is CPU the service gets. Over gRPC
 * it also gives the mean wait for an answer's trailers, once the calls are done.
 */
function sender(spec: LoadSpec): {
  send: Send;
  trailersWaitMs?: () => Promise<number | undefined>;
} {
  const { fixtures } = spec;
  const pool = new Http1Pool(fixtures.httpUrl);
  if (spec.transport === 'JSON') {
    const send: Send = async (call) => {
      const response = await pool.request(
        call.method,
        call.path,
        { 'content-type': 'application/json', authorization: `Bearer ${call.token}` },
        Buffer.from(JSON.stringify(call.body)),
      );
      return response.status === 200;
    };
    return { send };
  }
  const root = loadProtoRoot();
  const encoded = (call: Call) => {
    const type = root.lookupType(call.requestType);
    return type.encode(type.fromObject({ ...call.body, ...call.inPath })).finish();
  };
  if (spec.transport === 'gRPC-web') {
    const send: Send = async (call) => {
      const response = await pool.request(
        'POST',
        `/${SERVICES[call.service]}/${call.rpc}`,
        {
          'content-type': 'application/grpc-web+proto',
          'x-grpc-web': '1',
          authorization: `Bearer ${call.token}`,
        },
        dataFrame(encoded(call)),
      );
      return response.status === 200 && response.body.toString('latin1').includes('grpc-status:0');
    };
    return { send };
  }
  const connection = GrpcConnection.open(fixtures.grpcAddress);
  const send: Send = async (call) =>
    (await connection).call(
      `/${SERVICES[call.service]}/${call.rpc}`,
      `Bearer ${call.token}`,
      dataFrame(encoded(call)),
    );
  return { send, trailersWaitMs: async () => (await connection).takeMeanTrailersWaitMs() };
}

/** The sender of this process's load: the same connections for each of its runs. */
let opened: ReturnType<typeof sender> | undefined;

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const { send, trailersWaitMs } = (opened ??= sender(spec));
  // Every loop's connection is open, accepted and has answered a call before the clock starts,
  // as a client's pool is in steady use. Node's server accepts one new connection per turn of
  // its event loop, so when the first connections' calls kept it busy, the last of 128 waited
  // seconds in the accept queue, and those first calls were the run's p99 (docs/benchmarks-log.md).
  const result = await closedLoops(
    spec.concurrency,
    spec.seconds,
    (loop, i) => send(callOf(spec, loop, i)),
    { openFirst: true },
  );
  return { ...result, trailersWaitMs: await trailersWaitMs?.() };
}

runAsChild(runLoad);
