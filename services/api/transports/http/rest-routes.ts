import { callHeadersOf, etagOfAnswer } from '../../pipeline/call-headers.js';
import type { Router } from 'express';
import { invalidArgument, ServiceError } from '../../../../shared/errors/service-error.js';
import { takesBody, type Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { sendError } from './json-errors.js';

/**
 * Serves each operation at its REST path in the proto3 JSON mapping. This adapter only moves
 * values between HTTP and the pipeline: the body and path parameters become the request message,
 * headers become the caller and target organization.
 */
export function mountRestRoutes(
  router: Router,
  pipeline: OperationPipeline,
  operations: readonly Operation[],
): void {
  for (const operation of operations) {
    const method = ({ GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const)[
      operation.http.method
    ];
    router[method](operation.http.path, async (request, response) => {
      response.locals.operation = `${operation.grpc.service}/${operation.grpc.method}`;
      try {
        const result = await pipeline.call(operation, {
          ...callHeadersOf((name) => request.get(name)),
          requestId: response.locals.requestId as string,
          transport: 'json',
          request: takesBody(operation)
            ? requestMessage(request.body, request.params as Record<string, string>)
            : { ...request.params },
        });
        const etag = etagOfAnswer(result);
        if (etag) response.set('etag', etag);
        response.status(200).json(result);
      } catch (error) {
        sendError(response, error as ServiceError);
      }
    });
  }
}

/** The body with the path parameters added; a path field repeated in the body is refused. */
export function requestMessage(body: unknown, params: Record<string, string>): unknown {
  if (
    Object.keys(params).length === 0 ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  ) {
    return body;
  }
  const repeated = Object.keys(params).filter((name) => Object.hasOwn(body, name));
  if (repeated.length > 0) {
    throw invalidArgument(
      repeated.map((field) => ({
        field,
        description: 'is taken from the path and must not be in the body',
      })),
    );
  }
  return { ...body, ...params };
}
