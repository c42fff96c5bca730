import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { Permission } from '../auth/permissions.js';

/** What every handler may use. Built once at start. */
export interface Dependencies {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
}

/** The authenticated caller: the user named by the token's `sub`, and that user's organization. */
export interface Caller {
  userId: string;
  orgId: string;
}

export interface OperationContext {
  deps: Dependencies;
  caller: Caller;
  /** The organization the operation acts in: the caller's, or the one `x-service-orgid` named. */
  orgId: string;
}

/**
 * One operation, described once. Transports read this to route, authorize and validate; the
 * handler knows nothing of HTTP or gRPC. A new operation is a new descriptor in `operations.ts`.
 */
export interface Operation<Request = unknown, Response = unknown> {
  /** The gRPC service and method, for example `identity.management.v1.ManagementService`. */
  grpc: { service: string; method: string };
  /**
   * The REST route; `:name` segments are fields of the request taken from the path. A GET has no
   * body: its request is the path fields alone.
   */
  http: { method: 'GET' | 'POST' | 'PUT'; path: string };
  permission: Permission;
  /** JSON Schema of the whole request message (path fields included), in proto3 JSON names. */
  schema: object;
  handle(context: OperationContext, request: Request): Promise<Response>;
}
