import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { ServiceError } from '../../../shared/errors/service-error.js';
import type { FailedAttempts, SignInLocks } from '../accounts/failed-attempts.js';
import type { Caller } from '../auth/caller.js';
import type { IfMatch } from './if-match.js';
import type { Permission } from '../auth/permissions.js';
import type { ReadKind } from '../queries/read-after-write.js';

/** What every handler may use. Built once at start. */
export interface Dependencies {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  /** The sign-in locks that failed attempts set, which UnlockUser lifts; none outside the API. */
  signInLocks?: SignInLocks;
  /** The sign-in's failed attempts, which a check of a person's current password counts on. */
  failedAttempts?: FailedAttempts;
}

export interface OperationContext {
  deps: Dependencies;
  caller: Caller;
  /** The state a change was made from (`If-Match`), checked under the aggregate's lock. */
  ifMatch?: IfMatch;
  /** The organization the operation acts in: the caller's, or the one `x-service-orgid` named. */
  orgId: string;
}

/**
 * One operation, described once. Transports read this to route, authorize and validate; the
 * handler knows nothing of HTTP or gRPC. A new operation is a new descriptor in `operations.ts`.
 */
export interface Operation<Request = unknown, Response = unknown> {
  /**
   * What tells the operation from every other (OpenAPI's operationId, the logs and metrics, the
   * tests): its gRPC method, or `Admin<Method>` for one the AdminService serves under the name of
   * a ManagementService method (the instance's identity providers).
   */
  name: string;
  /** The gRPC service and method, for example `identity.management.v1.ManagementService`. */
  grpc: { service: string; method: string };
  /**
   * The REST route; `:name` segments are fields of the request taken from the path. A GET or a
   * DELETE has no body: its request is the path fields alone.
   */
  http: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
  permission: Permission;
  /** JSON Schema of the whole request message (path fields included), in proto3 JSON names. */
  schema: object;
  /**
   * What the pipeline checks of the request, when that is less than `schema`: a batch whose
   * items the handler checks one by one, so that one bad item fails only itself. `schema` still
   * describes the whole request for the documentation and the transports.
   */
  checked?: object;
  /**
   * The errors the handler itself may answer, one example of each, for the API's documentation
   * (the OpenAPI document lists them with the pipeline's own: authentication, permission,
   * validation, rate limit, availability).
   */
  errors?: readonly ServiceError[];
  /**
   * For a read: the read model it answers from (of a kind of aggregate, or the user grants), so
   * that a call naming the sequence of a write (`x-identity-after-sequence`) waits until that
   * write shows there.
   */
  reads?: ReadKind;
  handle(context: OperationContext, request: Request): Promise<Response>;
}

type HttpMethod = Operation['http']['method'];

/**
 * An operation described in the notations its callers read: `rpc` as gRPC names it
 * (`identity.auth.v1.AuthService/GetMyProfile`), `http` as a request line (`GET
 * /auth/v1/users/me/profile`), then what the transports check and run, and the errors the handler
 * may answer; the request and response types are the handler's.
 */
export function operation<Request, Response>(
  rpc: `${string}/${string}`,
  http: `${HttpMethod} /${string}`,
  described: Pick<
    Operation<Request, Response>,
    'permission' | 'schema' | 'handle' | 'checked' | 'reads'
  >,
  /** The errors the handler itself may answer (Operation.errors). */
  errors?: readonly ServiceError[],
  /** Operation.name, where it is not the method's. */
  name?: string,
): Operation<Request, Response> {
  const [service, method] = rpc.split('/') as [string, string];
  const [verb, path] = http.split(' ') as [HttpMethod, string];
  return {
    name: name ?? method,
    grpc: { service, method },
    http: { method: verb, path },
    ...described,
    errors,
  };
}

/** Whether the operation's REST request carries a body (POST, PUT), or is its path alone. */
export function takesBody(operation: Operation): boolean {
  return operation.http.method === 'POST' || operation.http.method === 'PUT';
}
