import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import type { Registry } from 'prom-client';
import { createKafka } from '../../shared/kafka/kafka-client.js';
import {
  CallMetrics,
  createRegistry,
  registerOutboxMetrics,
} from '../../shared/observability/metrics.js';
import { opsRoutes } from '../ops/ops-routes.js';
import { Readiness, type ReadinessCheck } from '../../shared/observability/readiness.js';
import { listen } from '../../shared/process/listen.js';
import type { Dependencies } from './operations/operation.js';
import { createFailedAttempts } from './accounts/failed-attempts.js';
import { operations } from './operations/operations.js';
import { OperationPipeline } from './pipeline/operation-pipeline.js';
import { createRateLimit } from './pipeline/rate-limit.js';
import { activationRoutes } from './login/activation/activation-routes.js';
import { emailVerificationRoutes } from './login/email-verification/email-verification-routes.js';
import { passwordResetRoutes } from './login/password-reset/password-reset-routes.js';
import { brandingRoutes } from './login/kit/branding-routes.js';
import { registrationRoutes } from './login/passkey-registration/registration-routes.js';
import { startGrpcServer } from './transports/grpc/grpc-server.js';
import { createHttpApp } from './transports/http/http-app.js';
import { scimRoutes } from './transports/http/scim/scim-routes.js';
import { apiDocsRoutes } from './ui/api-docs-routes.js';
import { uiRoutes } from './ui/ui-routes.js';
import { consoleRoutes } from './console/console-routes.js';
import { createHttpServer } from './transports/http/http-server.js';
import { withProviderLane } from './transports/http/provider-lane.js';
import { withRestLane } from './transports/http/rest-lane.js';
import { startSignIn } from './login/sign-in/sign-in.js';

export interface RunningApi {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>` of the gRPC server. */
  grpcAddress: string;
  /** This API's metrics; a process may add its own (the relay's, the worker's). */
  registry: Registry;
  readiness: Readiness;
  /**
   * Stops taking calls and lets the ones in flight finish: readiness turns NOT_SERVING, both
   * servers stop accepting and close once their calls are answered.
   */
  close(): Promise<void>;
}

/**
 * Starts the API's transports, JSON and gRPC-web over HTTP and gRPC, over one pipeline and its
 * dependencies, with the operator's routes (`/healthz`, `/readyz`, `/metrics`) on the HTTP port.
 */
export async function startApi(
  deps: Dependencies,
  keys: JWTVerifyGetKey,
  port: number,
  grpcPort: number,
): Promise<RunningApi> {
  const { config } = deps;
  const registry = createRegistry();
  registerOutboxMetrics(registry, deps.dataSource);
  // The rate limits' Redis: commands fail at once while it is away, and the limits fall back to
  // counting in memory.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', () => undefined);
  const reported: Record<string, ReadinessCheck> = {};
  const admin =
    config.kafka.brokers.length > 0
      ? createKafka(config.kafka, deps.logger).admin({ retry: { retries: 0 } })
      : undefined;
  if (admin) reported.kafka = () => admin.connect().then(() => admin.describeCluster());
  if (redis) reported.redis = () => redis.ping();
  const readiness = new Readiness(
    { required: { database: () => deps.dataSource.query('SELECT 1') }, reported },
    config.healthCheckIntervalMs,
  );
  await readiness.start();

  // Failed sign-ins' counts and locks: the sign-in pages keep them, UnlockUser lifts a lock.
  const attempts = createFailedAttempts(config, deps.dataSource);
  const pipeline = new OperationPipeline(
    { ...deps, signInLocks: attempts, failedAttempts: attempts },
    keys,
    operations,
    {
      metrics: new CallMetrics(registry),
      rateLimit: createRateLimit(config.rateLimit, redis, config.redisKeyPrefix),
    },
  );
  const signIn = await startSignIn(config, deps.dataSource, deps.logger, attempts);
  // Where the console reaches the provider: this process's own listener, once it listens.
  let localOrigin = '';
  const app = createHttpApp({
    pipeline,
    operations,
    logger: deps.logger,
    bodyLimit: config.requestBodyLimit,
    corsOrigins: config.corsOrigins,
    trustProxyHops: config.trustProxyHops,
    ops: opsRoutes(registry, readiness),
    pages: [
      activationRoutes({ ...deps, redis }),
      emailVerificationRoutes(deps),
      passwordResetRoutes({ ...deps, redis }),
      registrationRoutes({ ...deps, redis }),
      brandingRoutes(deps.dataSource, deps.logger),
    ],
    signIn: signIn?.router,
    userInterface: [
      uiRoutes(),
      apiDocsRoutes(operations),
      ...(signIn ? [consoleRoutes({ ...deps, pipeline, localOrigin: () => localOrigin })] : []),
    ],
    scim: scimRoutes(pipeline, {
      bodyLimit: config.requestBodyLimit,
      publicUrl: config.publicUrl,
      logger: deps.logger,
      dataSource: deps.dataSource,
    }),
    publicUrl: config.publicUrl,
  });
  const lanes = withRestLane(app, { pipeline, operations, bodyLimit: config.requestBodyLimit });
  const http = createHttpServer(
    signIn
      ? withProviderLane(lanes, {
          ...signIn.lane,
          logger: deps.logger,
          publicUrl: config.publicUrl,
        })
      : lanes,
    config.httpKeepAliveTimeoutMs,
  );
  const { server } = http;
  const grpc = await listen(server, port, 'HTTP_PORT')
    .then(() =>
      startGrpcServer(
        pipeline,
        operations,
        readiness,
        grpcPort,
        config.requestBodyLimit,
        deps.logger,
      ),
    )
    .catch(async (error: unknown) => {
      // A port that cannot be bound ends the start: leave nothing of it running.
      readiness.stop();
      server.close();
      await admin?.disconnect();
      await attempts.close();
      redis?.disconnect();
      throw error;
    });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  localOrigin = `http://127.0.0.1:${boundPort}`;
  return {
    server,
    url: `http://127.0.0.1:${boundPort}`,
    grpcAddress: `127.0.0.1:${grpc.port}`,
    registry,
    readiness,
    close: async () => {
      readiness.drain();
      readiness.stop();
      await Promise.all([
        http.close(),
        new Promise<void>((resolve) => grpc.server.tryShutdown(() => resolve())),
      ]);
      await admin?.disconnect();
      await attempts.close();
      redis?.disconnect();
    },
  };
}
