import { callHeadersOf, etagOfAnswer } from '../../pipeline/call-headers.js';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { requestIdFrom } from '../../../../shared/logging/log-context.js';
import { invalidArgument, ServiceError } from '../../../../shared/errors/service-error.js';
import { takesBody, type Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { sendError, writeJson } from './json-errors.js';
import { describeJsonSyntaxError } from './json-syntax.js';
import { requestMessage } from './rest-routes.js';

/** An operation's REST path as a pattern: its literal segments, and where its parameters are. */
interface Route {
  operation: Operation;
  /** Each segment: the literal text, or the name of the parameter it holds. */
  segments: ({ literal: string } | { parameter: string })[];
}

/** A body in UTF-8 starts with this when its writer marked it; JSON's readers skip it. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The operations' calls in the common case, served on Node's own request and response, and
 * everything else handed to `app` (express) untouched. Express gives every request and response
 * its own prototypes, which left the API's property lookups megamorphic: in a profile of imports
 * at 32 callers, express, its router and body-parser and the lookups they caused were a fifth of
 * the API's CPU. The common case is a REST path as written (the case and no trailing slash),
 * parameters that decode, no Origin (CORS is express's), no Content-Encoding, no charset but
 * UTF-8 and a Content-Length within the limit; a request that is anything else goes to express,
 * which answers it as before, so an answer does not depend on which of the two served it.
 */
export function withRestLane(
  app: RequestListener,
  options: { pipeline: OperationPipeline; operations: readonly Operation[]; bodyLimit: number },
): RequestListener {
  const routes = options.operations.map(routeOf);
  return (request, response) => {
    const match = commonCase(request, routes, options.bodyLimit);
    if (!match) {
      app(request, response);
      return;
    }
    void serve(request, response, match, options.pipeline);
  };
}

function routeOf(operation: Operation): Route {
  return {
    operation,
    segments: operation.http.path
      .split('/')
      .map((part) => (part.startsWith(':') ? { parameter: part.slice(1) } : { literal: part })),
  };
}

interface Match {
  operation: Operation;
  params: Record<string, string>;
}

function commonCase(
  request: IncomingMessage,
  routes: readonly Route[],
  bodyLimit: number,
): Match | undefined {
  const { headers } = request;
  if (headers.origin !== undefined) return undefined;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') return undefined;
  const length = headers['content-length'];
  if (length === undefined) {
    if (headers['transfer-encoding'] !== undefined) return undefined;
  } else if (!(Number(length) <= bodyLimit)) return undefined;
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const segments = (query < 0 ? url : url.slice(0, query)).split('/');
  for (const route of routes) {
    if (route.operation.http.method !== request.method) continue;
    const params = paramsOf(route, segments);
    if (params) return { operation: route.operation, params };
  }
  return undefined;
}

/** The path's parameters when `segments` are the route's, each decoded; undefined otherwise. */
function paramsOf(route: Route, segments: string[]): Record<string, string> | undefined {
  if (segments.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    const value = segments[index]!;
    if ('literal' in segment) {
      if (value !== segment.literal) return undefined;
    } else {
      if (value === '') return undefined;
      try {
        params[segment.parameter] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return params;
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  { operation, params }: Match,
  pipeline: OperationPipeline,
): Promise<void> {
  const requestId = requestIdFrom(headerOf(request, 'x-request-id'));
  response.setHeader('x-request-id', requestId);
  try {
    const body = await bodyOf(request, request.headers['content-length'] !== undefined);
    const result = await pipeline.call(operation, {
      ...callHeadersOf((name) => headerOf(request, name)),
      requestId,
      transport: 'json',
      request: takesBody(operation) ? requestMessage(body, params) : { ...params },
    });
    const etag = etagOfAnswer(result);
    if (etag) response.setHeader('etag', etag);
    writeJson(response, 200, result);
  } catch (error) {
    // Anything but a ServiceError is the body's stream failing: the caller is gone.
    if (error instanceof ServiceError) sendError(response, error);
    else response.destroy();
  }
}

/** A header as express's `request.get` gives it: one value, the first when repeated. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The body as JSON, read as body-parser reads it: none (no Content-Length) is undefined, empty is
 * `{}`, a leading BOM is skipped.
 */
async function bodyOf(request: IncomingMessage, hasBody: boolean): Promise<unknown> {
  if (!hasBody) {
    request.resume();
    return undefined;
  }
  let text = (await bytesOf(request)).toString('utf8');
  if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  if (text.length === 0) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidArgument([{ field: '', description: describeJsonSyntaxError(text) }]);
  }
}

/**
 * The body's bytes, read on the stream's events, not with an async iterator per request, which
 * cost more per call (docs/benchmarks-log.md). Fails when the stream does, or closes before its
 * end.
 */
function bytesOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('close', () => reject(new Error('the request closed before its end')));
  });
}
