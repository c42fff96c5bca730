import type { ServerResponse } from 'node:http';
import type { Logger } from '../../../../shared/logging/logger.js';

/** What the access log says of a request besides its answer's status and duration. */
export interface LoggedRequest {
  requestId: string;
  method: string;
  /** The path without its query: a query may carry a code or a token. */
  path: string;
}

/**
 * One line per request that no operation served (an operation's call is logged by the pipeline),
 * written once `response` is sent: no bodies, no headers, nothing a secret could hide in.
 */
export function logRequest(logger: Logger, response: ServerResponse, request: LoggedRequest): void {
  // Below the log's level the line would say nothing: no listener, no clock.
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    if ((response as { locals?: { operation?: unknown } }).locals?.operation) return;
    logger.info(
      {
        ...request,
        status: response.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      },
      'request',
    );
  });
}
