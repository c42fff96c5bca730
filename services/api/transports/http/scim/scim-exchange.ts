import { ServiceError, StatusCode } from '../../../../../shared/errors/service-error.js';
import type { Operation } from '../../../operations/operation.js';
import type { OperationPipeline } from '../../../pipeline/operation-pipeline.js';

/**
 * One SCIM request as the endpoints take it, whatever carried it: an HTTP request, or one
 * operation of a `/Bulk` request (which carries the caller's credentials and organization).
 */
export interface ScimRequest {
  orgId: string;
  authorization: string | undefined;
  requestId: string | undefined;
  /** The path's parameters after the organization (a resource's `id`). */
  params: Record<string, string>;
  /** The query string's parameters, for a list. */
  query: Record<string, unknown>;
  body: unknown;
  /** The request's If-Match, as sent. */
  ifMatch: string | undefined;
}

/** An endpoint's answer: its status, body (none for 204) and headers. */
export interface ScimAnswer {
  status: number;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export type ScimEndpoint = (request: ScimRequest) => Promise<ScimAnswer>;

/** What every endpoint calls the operations through: the pipeline, in the path's organization. */
export class ScimCalls {
  constructor(
    private readonly pipeline: OperationPipeline,
    private readonly publicUrl: string,
  ) {}

  /** The endpoint's base URL, for `location`s. */
  base(request: ScimRequest): string {
    return `${this.publicUrl.replace(/\/$/, '')}/scim/v2/${encodeURIComponent(request.orgId)}`;
  }

  call<R>(
    operation: Operation<never, R>,
    request: ScimRequest,
    body: unknown,
    { afterSequence, ifMatch }: { afterSequence?: string; ifMatch?: string } = {},
  ): Promise<R> {
    return this.pipeline.call(operation, {
      authorization: request.authorization,
      targetOrgId: request.orgId,
      ...(afterSequence !== undefined && { afterSequence }),
      ...(ifMatch !== undefined && { ifMatch }),
      requestId: request.requestId,
      transport: 'json',
      request: body,
    });
  }

  /** Refuses, as the pipeline's validation would, input the operation's schema refuses. */
  check(operation: Operation, body: unknown): void {
    this.pipeline.check(operation, body);
  }

  /**
   * The operation's request made of the SCIM one; when that refuses the SCIM request, the caller
   * is still authenticated and authorized first (the operation is called with no request, which
   * its schema refuses after both), so a stranger learns nothing from a body's faults.
   */
  async converted<T>(operation: Operation, request: ScimRequest, convert: () => T): Promise<T> {
    try {
      return convert();
    } catch (error) {
      await this.call(operation as Operation<never, unknown>, request, null).catch(
        (refusal: unknown) => {
          if (!(refusal instanceof ServiceError) || refusal.code !== StatusCode.INVALID_ARGUMENT)
            throw refusal;
        },
      );
      throw error;
    }
  }
}

/**
 * The request's If-Match as the operations take it: SCIM's versions are weak tags (`W/"4711"`),
 * of the same sequence the operations' strong tags are, so the weakness is dropped.
 */
export function strongIfMatch(request: ScimRequest): string | undefined {
  return request.ifMatch?.replace(/W\//g, '');
}
