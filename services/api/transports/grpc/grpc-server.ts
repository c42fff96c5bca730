import { format } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import type { Readiness } from '../../../../shared/observability/readiness.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import { toGrpcError } from './grpc-errors.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { PortUnavailableError } from '../../../../shared/process/listen.js';
import { loadProtoRoot, LOADER_OPTIONS, SERVICE_PROTOS } from './proto-files.js';
import { invoke, protoMethods } from './proto-methods.js';

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
  logger: Logger,
): Promise<{ server: grpc.Server; port: number }> {
  // grpc-js writes its own lines to stderr ("E No address added…" beside our one line about a
  // taken port); the process's log lines are JSON on stdout.
  grpc.setLogger({
    error: (...args: unknown[]) => logger.error({ component: 'grpc-js' }, format(...args)),
    info: (...args: unknown[]) => logger.info({ component: 'grpc-js' }, format(...args)),
    debug: (...args: unknown[]) => logger.debug({ component: 'grpc-js' }, format(...args)),
  });
  const packageDefinition = protoLoader.loadSync(SERVICE_PROTOS, LOADER_OPTIONS);
  const definition = grpc.loadPackageDefinition(packageDefinition);
  const root = loadProtoRoot();
  // channelz (on by default) records every call for a debugging service we do not serve.
  const server = new grpc.Server({ 'grpc.enable_channelz': 0 });
  const services = new Map<string, grpc.UntypedServiceImplementation>();
  for (const method of protoMethods(root, operations).values()) {
    const { service, method: name } = method.operation.grpc;
    const implementation = services.get(service) ?? {};
    implementation[name] = (
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const incoming = {
        authorization: metadataValue(call.metadata, 'authorization'),
        targetOrgId: metadataValue(call.metadata, 'x-service-orgid'),
        requestId: metadataValue(call.metadata, 'x-request-id'),
        request: call.request,
        transport: 'grpc' as const,
      };
      invoke(pipeline, method, incoming).then(
        (response) => callback(null, response),
        (error: unknown) => callback(toGrpcError(root, asServiceError(error, logger))),
      );
    };
    services.set(service, implementation);
  }
  for (const [name, implementation] of services) {
    const service = name
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)[part],
        definition,
      ) as grpc.ServiceClientConstructor;
    server.addService(service.service, implementation);
  }
  const healthService = new HealthImplementation();
  readiness.onChange((status) => {
    for (const name of ['', ...services.keys()]) healthService.setStatus(name, status);
  });
  healthService.addToServer(server);
  new ReflectionService({
    ...packageDefinition,
    ...protoLoader.loadSync(healthProtoPath),
  }).addToServer(server);
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`0.0.0.0:${port}`, grpc.ServerCredentials.createInsecure(), (error, actual) =>
      error ? reject(PortUnavailableError.of('GRPC_PORT', port, error)) : resolve(actual),
    ),
  );
  return { server, port: bound };
}

function metadataValue(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return value === undefined ? undefined : String(value);
}
