import { CALL_HEADER_NAMES, callHeadersOf, etagOfAnswer } from '../../pipeline/call-headers.js';
import express, { type Request, type Router } from 'express';
import { requestTooLarge, ServiceError } from '../../../../shared/errors/service-error.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import { grpcStatusOf } from '../grpc/grpc-errors.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { encodeResponse, invoke, protoMethods, type ProtoMethod } from '../grpc/proto-methods.js';
import { loadProtoRoot } from '../grpc/proto-files.js';
import { decodeRequest, malformedRequest } from '../grpc/proto-request.js';
import { dataFrame, readUnaryMessage, trailersFrame } from './grpc-web-framing.js';

const GRPC_WEB = /^application\/grpc-web(-text)?(\+proto)?\s*(;|$)/i;

/** Whether a request speaks gRPC-web; `text` for the base64 variant. */
function grpcWebVariant(request: Request): 'binary' | 'text' | undefined {
  const match = GRPC_WEB.exec(request.get('content-type') ?? '');
  if (!match) return undefined;
  return match[1] ? 'text' : 'binary';
}

/**
 * gRPC-web on the HTTP port: `POST /<package>.<Service>/<Method>` with one framed message,
 * answered with a data frame and a trailers frame (or trailers alone for an error). The message
 * is decoded as the gRPC transport decodes it, so the pipeline sees the same request.
 */
export function grpcWebRoutes(
  pipeline: OperationPipeline,
  operations: readonly Operation[],
  bodyLimit: number,
  logger: Logger,
): Router {
  const root = loadProtoRoot();
  const methods = protoMethods(root, operations);
  const readBody = express.raw({ type: () => true, limit: bodyLimit });
  const router = express.Router();

  router.post('/:service/:method', (request, response, next) => {
    const variant = grpcWebVariant(request);
    if (!variant) return next();
    const method = methods.get(request.path);
    if (method) response.locals.operation = request.path.slice(1);
    const reply = (frames: Buffer[]) => {
      const body = Buffer.concat(frames);
      response
        .status(200)
        .type(variant === 'text' ? 'application/grpc-web-text+proto' : 'application/grpc-web+proto')
        .end(variant === 'text' ? body.toString('base64') : body);
    };
    const fail = (error: ServiceError) => {
      const status = grpcStatusOf(root, error);
      reply([
        trailersFrame({
          'grpc-status': String(status.code),
          'grpc-message': encodeURIComponent(status.message),
          'grpc-status-details-bin': status.details.toString('base64'),
        }),
      ]);
    };
    readBody(request, response, (bodyError?: { type?: string }) => {
      if (bodyError) {
        return fail(
          bodyError.type === 'entity.too.large'
            ? requestTooLarge()
            : malformedRequest('unreadable'),
        );
      }
      if (!method) {
        return fail(new ServiceError('METHOD-NOT-FOUND'));
      }
      const message = readRequest(method, request.body as Buffer, variant, bodyLimit);
      if (message instanceof ServiceError) return fail(message);
      const incoming = {
        ...callHeadersOf((name) => request.get(name)),
        requestId: response.locals.requestId as string,
        request: message,
        transport: 'grpc-web' as const,
      };
      invoke(pipeline, method, incoming)
        .then((result) => {
          const etag = etagOfAnswer(result);
          if (etag) response.set('etag', etag);
          reply([
            dataFrame(encodeResponse(method, result)),
            trailersFrame({ 'grpc-status': '0', 'grpc-message': '' }),
          ]);
        })
        .catch((error: unknown) => fail(asServiceError(error, logger)));
    });
  });
  return router;
}

/** The request message of a gRPC-web body, or the error that says why there is none. */
function readRequest(
  method: ProtoMethod,
  body: Buffer,
  variant: 'binary' | 'text',
  limit: number,
): Record<string, unknown> | ServiceError {
  const bytes = variant === 'text' ? Buffer.from(body.toString('latin1'), 'base64') : body;
  const message = readUnaryMessage(bytes);
  if (!message) return malformedRequest('not one gRPC-web message');
  return decodeRequest(method, message, limit);
}

/** Response headers a browser must be allowed to read for gRPC-web. */
export const GRPC_WEB_EXPOSED_HEADERS = [
  'grpc-status',
  'grpc-message',
  'grpc-status-details-bin',
  'etag',
];
/** Request headers a browser sends with gRPC-web. */
export const GRPC_WEB_ALLOWED_HEADERS = [
  'content-type',
  ...CALL_HEADER_NAMES,
  'x-grpc-web',
  'x-user-agent',
  'grpc-timeout',
];
