import type { JWTVerifyGetKey } from 'jose';
import { internal, ServiceError } from '../../../shared/errors/service-error.js';
import { describeError } from '../../../shared/logging/logger.js';
import { unreachableDatabase } from '../../../shared/db/mysql-errors.js';
import { authenticate } from '../auth/authenticate.js';
import { authorize } from '../auth/authorize.js';
import type { Dependencies, Operation } from '../operations/operation.js';
import { RequestSchemas, type RequestValidator } from '../validation/request-validator.js';

/** What a transport hands over, already taken out of its own wire format. */
export interface IncomingCall {
  /** The `Authorization` header or metadata value. */
  authorization?: string;
  /** The `x-service-orgid` header or metadata value. */
  targetOrgId?: string;
  /** The request message in its proto3 JSON shape. */
  request: unknown;
}

/**
 * The one path every call takes, whatever its transport: authenticate → authorize → validate →
 * handle. Whatever goes wrong leaves as a ServiceError; anything unexpected is logged here and
 * becomes INTERNAL with no internals in its message.
 */
export class OperationPipeline {
  private readonly validators = new Map<Operation, RequestValidator<unknown>>();

  constructor(
    private readonly deps: Dependencies,
    private readonly keys: JWTVerifyGetKey,
    operations: readonly Operation[],
  ) {
    const schemas = new RequestSchemas(deps.config.passwordPolicy);
    for (const operation of operations)
      this.validators.set(operation, schemas.compile(operation.schema));
  }

  async call<Response>(
    operation: Operation<never, Response>,
    incoming: IncomingCall,
  ): Promise<Response> {
    const { deps } = this;
    try {
      const caller = await authenticate(
        this.keys,
        deps.config.auth,
        deps.dataSource,
        incoming.authorization,
      );
      const orgId = await authorize(
        deps.dataSource,
        caller,
        operation.permission,
        incoming.targetOrgId,
      );
      const request = this.validators.get(operation as Operation)!(incoming.request);
      return await operation.handle({ deps, caller, orgId }, request as never);
    } catch (error) {
      throw this.asServiceError(error);
    }
  }

  private asServiceError(error: unknown): ServiceError {
    if (error instanceof ServiceError) return error;
    const unavailable = unreachableDatabase(error);
    if (unavailable) {
      this.deps.logger.warn({ err: describeError(error) }, 'database unreachable');
      return unavailable;
    }
    this.deps.logger.error({ err: describeError(error) }, 'unexpected error');
    return internal();
  }
}
