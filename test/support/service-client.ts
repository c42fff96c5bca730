import type { RunningApi } from '../../services/api/api.js';
import { callGrpc, type GrpcOutcome } from './grpc-client.js';
import { callGrpcWeb } from './grpc-web-client.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  /** The body as sent, for comparing byte for byte or looking for what must not be in it. */
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  orgId?: string;
  body?: unknown;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * The clients of a running API: JSON over HTTP, gRPC with @grpc/grpc-js, and gRPC-web with
 * Google's client, each sending `authorization` and `x-service-orgid` from the same options.
 */
export class ServiceClient {
  /** Set by the constructor, or by a harness once the API it starts listens. */
  api!: RunningApi;

  constructor(api?: RunningApi) {
    if (api) this.api = api;
  }

  async call<T = any>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.orgId) headers['x-service-orgid'] = options.orgId;
    const body =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.api.url}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      text,
      headers: response.headers,
    };
  }

  importUser<T = any>(
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('POST', '/management/v1/users/human/_import', { ...options, body });
  }

  updateMyProfile<T = any>(
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('PUT', '/auth/v1/users/me/profile', { ...options, body });
  }

  updateProject<T = any>(
    id: string,
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('PUT', `/management/v1/projects/${encodeURIComponent(id)}`, {
      ...options,
      body,
    });
  }

  /** Calls `<service>/<method>` with a real @grpc/grpc-js client over stubs loaded from proto/. */
  grpc(
    service: string,
    method: string,
    request: object,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<GrpcOutcome> {
    return callGrpc(this.api.grpcAddress, service, method, request, options);
  }

  /** Calls `<service>/<method>` on the HTTP port with Google's grpc-web client. */
  grpcWeb(
    service: string,
    method: string,
    request: object,
    options: Omit<CallOptions, 'body'> & { format?: 'binary' | 'text' } = {},
  ): Promise<GrpcOutcome> {
    return callGrpcWeb(this.api.url, service, method, request, options);
  }
}
