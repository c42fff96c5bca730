import express, { type Router } from 'express';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { Readiness } from '../../shared/observability/readiness.js';
import { listen } from '../../shared/process/listen.js';

/**
 * What an operator's tools ask a process: `/healthz` (the process is alive), `/readyz` (every
 * dependency answers and it is not shutting down; 503 otherwise, with each check named) and
 * `/metrics` (Prometheus text format).
 */
export function opsRoutes(registry: Registry, readiness: Readiness): Router {
  const router = express.Router();
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'alive' });
  });
  router.get('/readyz', async (_request, response) => {
    const report = await readiness.check();
    response.status(report.status === 'SERVING' ? 200 : 503).json(report);
  });
  router.get('/metrics', async (_request, response) => {
    response.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}

/**
 * The ops routes alone on their own port, for a process that serves nothing else.
 *
 * @param variable where `port` came from, for the message when it cannot be bound
 */
export async function startOpsServer(
  registry: Registry,
  readiness: Readiness,
  port: number,
  variable = 'WORKER_HTTP_PORT',
): Promise<{ server: Server; port: number }> {
  const app = express();
  app.disable('x-powered-by');
  app.use(opsRoutes(registry, readiness));
  const server = createServer(app);
  await listen(server, port, variable);
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
