import type { Server } from 'node:http';
import type { JWTVerifyGetKey } from 'jose';
import type { Dependencies } from './operations/operation.js';
import { DatabaseHealth } from './health/database-health.js';
import { operations } from './operations/operations.js';
import { OperationPipeline } from './pipeline/operation-pipeline.js';
import { startGrpcServer } from './transports/grpc/grpc-server.js';
import { createHttpApp } from './transports/http/http-app.js';

export interface RunningApi {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>` of the gRPC server. */
  grpcAddress: string;
  close(): Promise<void>;
}

/** Starts the API's transports, JSON and gRPC-web over HTTP and gRPC, over one pipeline and its dependencies. */
export async function startApi(
  deps: Dependencies,
  keys: JWTVerifyGetKey,
  port: number,
  grpcPort: number,
): Promise<RunningApi> {
  const pipeline = new OperationPipeline(deps, keys, operations);
  const health = new DatabaseHealth(deps.dataSource, deps.config.healthCheckIntervalMs);
  await health.check();
  health.start();
  const app = createHttpApp({
    pipeline,
    operations,
    logger: deps.logger,
    bodyLimit: deps.config.requestBodyLimit,
    corsOrigins: deps.config.corsOrigins,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, () => resolve(listening));
    listening.once('error', reject);
  });
  const grpc = await startGrpcServer(pipeline, operations, health, grpcPort);
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    url: `http://127.0.0.1:${boundPort}`,
    grpcAddress: `127.0.0.1:${grpc.port}`,
    close: async () => {
      health.stop();
      await new Promise<void>((resolve) => grpc.server.tryShutdown(() => resolve()));
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
