import { callHeadersOf, etagOfAnswer } from '../../pipeline/call-headers.js';
import { format } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation } from 'grpc-health-check';
import type { Readiness } from '../../../../shared/observability/readiness.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { toGrpcError } from './grpc-errors.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { PortUnavailableError } from '../../../../shared/process/listen.js';
import { loadFileDescriptorProtos, loadProtoRoot } from './proto-files.js';
import { encodeResponse, invoke, protoMethods, type ProtoMethod } from './proto-methods.js';
import { decodeRequest } from './proto-request.js';
import { refuseUndecodable, tolerantly } from './undecodable-messages.js';

/**
 * The largest message grpc-js reads at all: at least 16 MiB, and twice the body limit. A message
 * over the body limit but under this is read and answered REQUEST-TOO-LARGE with our details; one
 * over this is refused by grpc-js as soon as its 5-byte frame header says how long it is, with its
 * own RESOURCE_EXHAUSTED (no details), so no call buffers more than this.
 */
export function grpcReadCap(bodyLimit: number): number {
  return Math.max(16 * 1024 * 1024, 2 * bodyLimit);
}

/**
 * Serves every operation at its gRPC method, over the same pipeline as JSON: this adapter only
 * moves metadata and messages in and results and errors out. Beside them: `grpc.health.v1.Health`,
 * SERVING while the process is ready, and server reflection of every service here.
 */
export async function startGrpcServer(
  pipeline: OperationPipeline,
  operations: readonly Operation[],
  readiness: Readiness,
  port: number,
  bodyLimit: number,
  logger: Logger,
): Promise<{ server: grpc.Server; port: number }> {
  // grpc-js writes its own lines to stderr ("E No address added…" beside our one line about a
  // taken port); the process's log lines are JSON on stdout.
  grpc.setLogger({
    error: (...args: unknown[]) => logger.error({ component: 'grpc-js' }, format(...args)),
    info: (...args: unknown[]) => logger.info({ component: 'grpc-js' }, format(...args)),
    debug: (...args: unknown[]) => logger.debug({ component: 'grpc-js' }, format(...args)),
  });
  const root = loadProtoRoot();
  const server = new grpc.Server({
    // channelz (on by default) records every call for a debugging service we do not serve.
    'grpc.enable_channelz': 0,
    'grpc.max_receive_message_length': grpcReadCap(bodyLimit),
    interceptors: [refuseUndecodable(root)],
  });
  const services = new Map<
    string,
    {
      definition: Record<string, ReturnType<typeof methodDefinition>>;
      implementation: grpc.UntypedServiceImplementation;
    }
  >();
  for (const [path, method] of protoMethods(root, operations)) {
    const { service: name, method: methodName } = method.operation.grpc;
    const service = services.get(name) ?? { definition: {}, implementation: {} };
    service.definition[methodName] = methodDefinition(path, method, bodyLimit);
    service.implementation[methodName] = (
      // What the deserializer could not turn into a request never comes here (refuseUndecodable).
      call: grpc.ServerUnaryCall<Record<string, unknown>, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const incoming = {
        ...callHeadersOf((name) => metadataValue(call.metadata, name)),
        request: call.request,
        transport: 'grpc' as const,
      };
      invoke(pipeline, method, incoming).then(
        (response) => {
          const etag = etagOfAnswer(response);
          if (etag) {
            const metadata = new grpc.Metadata();
            metadata.set('etag', etag);
            call.sendMetadata(metadata);
          }
          callback(null, response);
        },
        (error: unknown) => callback(toGrpcError(root, asServiceError(error, logger))),
      );
    };
    services.set(name, service);
  }
  for (const { definition, implementation } of services.values()) {
    server.addService(definition, implementation);
  }
  const healthService = new HealthImplementation();
  readiness.onChange((status) => {
    for (const name of ['', ...services.keys()]) healthService.setStatus(name, status);
  });
  healthService.addToServer(tolerantly(server));
  // @grpc/reflection reads the files of a proto-loader package definition; ours are the
  // compiler's, so that clients can resolve every name and import.
  const compiled = {
    format: 'FileDescriptorSet',
    type: {},
    fileDescriptorProtos: loadFileDescriptorProtos(),
  };
  new ReflectionService({ files: compiled } as unknown as PackageDefinition).addToServer(
    tolerantly(server),
  );
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`0.0.0.0:${port}`, grpc.ServerCredentials.createInsecure(), (error, actual) =>
      error ? reject(PortUnavailableError.of('GRPC_PORT', port, error)) : resolve(actual),
    ),
  );
  return { server, port: bound };
}

/**
 * How grpc-js reads and writes the method's messages. The request is decoded as over gRPC-web,
 * and what cannot be a request comes as the ServiceError that says why (refuseUndecodable answers
 * it).
 */
function methodDefinition(
  path: string,
  method: ProtoMethod,
  bodyLimit: number,
): grpc.MethodDefinition<Record<string, unknown> | ServiceError, Record<string, unknown>> {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestDeserialize: (bytes: Buffer) => decodeRequest(method, bytes, bodyLimit),
    responseSerialize: (response: Record<string, unknown>) => encodeResponse(method, response),
    // A server never encodes a request nor decodes a response.
    requestSerialize: () => {
      throw new Error('not a client');
    },
    responseDeserialize: () => {
      throw new Error('not a client');
    },
  };
}

function metadataValue(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return value === undefined ? undefined : String(value);
}
