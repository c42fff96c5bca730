import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { answerClientErrors } from './client-errors.js';

interface HttpServer {
  server: Server;
  /**
   * Stops accepting and resolves once every call accepted is answered. Kept-alive connections
   * do not hold it open: each answer given from now on closes its connection, and a connection
   * is closed as soon as it is idle.
   */
  close(): Promise<void>;
}

/**
 * The HTTP/1.1 server of `app`. Idle kept-alive connections stay open `keepAliveTimeoutMs`,
 * longer than the proxy in front keeps its own (Node's 5 s default is shorter than most, so a
 * proxy would send on a connection we are closing); requests Node's parser refuses are answered
 * in our error shape.
 */
export function createHttpServer(app: RequestListener, keepAliveTimeoutMs: number): HttpServer {
  const server = createServer(app);
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Above the keep-alive timeout, as Node's defaults are (5 s and 60 s): a request sent on a
  // connection just before it would have closed must not have its headers timed out first.
  server.headersTimeout = keepAliveTimeoutMs + 1000;
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
  answerClientErrors(server);

  let closing = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (closing) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (closing) server.closeIdleConnections();
    });
  });

  return {
    server,
    close: () => {
      closing = true;
      for (const response of inFlight) response.shouldKeepAlive = false;
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeIdleConnections();
      return closed;
    },
  };
}
