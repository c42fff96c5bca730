import type { JWTVerifyGetKey } from 'jose';
import { asServiceError } from '../../../shared/errors/as-service-error.js';
import { asEditor } from '../../../shared/events/editor-context.js';
import { StatusCode } from '../../../shared/errors/service-error.js';
import { requestIdFrom, withLogContext } from '../../../shared/logging/log-context.js';
import type { CallMetrics, Transport } from '../../../shared/observability/metrics.js';
import { authenticate } from '../auth/authenticate.js';
import { AuthCache } from '../auth/auth-cache.js';
import { authorize, rolesIn } from '../auth/authorize.js';
import type { Caller } from '../auth/caller.js';
import { rolesGrant, type Permission } from '../auth/permissions.js';
import type { Dependencies, Operation } from '../operations/operation.js';
import { RequestSchemas, type RequestValidator } from '../validation/request-validator.js';
import { honorsIfMatch, ifMatchOf, ifMatchUnsupported } from '../operations/if-match.js';
import { untilReduced } from '../queries/read-after-write.js';
import type { CallerRateLimit } from './rate-limit.js';

/** What a transport hands over, already taken out of its own wire format. */
export interface IncomingCall {
  /** The `Authorization` header or metadata value. */
  authorization?: string;
  /** The `x-service-orgid` header or metadata value. */
  targetOrgId?: string;
  /** The `x-identity-after-sequence` header or metadata value: writes a read must show. */
  afterSequence?: string;
  /** The `If-Match` header or metadata value: the state a change was made from. */
  ifMatch?: string;
  /** The request message in its proto3 JSON shape. */
  request: unknown;
  transport: Transport;
  /** The caller's `x-request-id`, header or metadata; checked, and made when there is none. */
  requestId?: string;
}

interface PipelineOptions {
  metrics?: CallMetrics;
  rateLimit?: CallerRateLimit;
}

/**
 * The one path every call takes, whatever its transport: authenticate → rate limit → authorize →
 * validate → handle. Whatever goes wrong leaves as a ServiceError; anything unexpected is logged
 * here and becomes INTERNAL with no internals in its message. Each call is one log line and one
 * observation in the metrics, every line written while serving it carries its request id, and
 * every event it records names its caller as the editor.
 */
export class OperationPipeline {
  private readonly validators = new Map<Operation, RequestValidator<unknown>>();
  private readonly authCache: AuthCache;

  constructor(
    private readonly deps: Dependencies,
    private readonly keys: JWTVerifyGetKey,
    operations: readonly Operation[],
    private readonly options: PipelineOptions = {},
  ) {
    this.authCache = new AuthCache(deps.config.authCacheMs);
    const schemas = new RequestSchemas(deps.config.passwordPolicy);
    for (const operation of operations)
      this.validators.set(operation, schemas.compile(operation.checked ?? operation.schema));
  }

  /**
   * Checks `request` against the operation's schema as a call would, and throws the call's
   * INVALID_ARGUMENT when it fails; nothing is authenticated or handled. For a transport that
   * turns one request into several calls, so that none runs when any would be refused as input.
   */
  check(operation: Operation, request: unknown): void {
    this.validators.get(operation)!(request);
  }

  /**
   * What the caller of `authorization` may do in the target organization (the caller's own when
   * none is named), by the same roles and permissions every call is authorized by: for a page
   * that offers only what its calls would not refuse. Refused as a call would be (UNAUTHENTICATED).
   */
  async permissions(
    authorization: string | undefined,
    targetOrgId?: string,
  ): Promise<{ caller: Caller; orgId: string; may: (permission: Permission) => boolean }> {
    const { deps } = this;
    const caller = await authenticate(
      this.keys,
      deps.config,
      deps.dataSource,
      authorization,
      this.authCache,
    );
    const orgId = targetOrgId || caller.orgId;
    const roles = await rolesIn(deps.dataSource, caller, orgId, false, this.authCache);
    return {
      caller,
      orgId,
      may: (permission) =>
        permission === 'authenticated' ? !caller.machine : rolesGrant(roles, permission),
    };
  }

  call<Response>(operation: Operation<never, Response>, incoming: IncomingCall): Promise<Response> {
    const requestId = requestIdFrom(incoming.requestId);
    return withLogContext({ requestId }, async () => {
      const started = process.hrtime.bigint();
      let code = 0;
      try {
        return await this.serve(operation, incoming);
      } catch (error) {
        const failure = asServiceError(error, this.deps.logger);
        code = failure.code;
        throw failure;
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const codeName = code === 0 ? 'OK' : (StatusCode[code] ?? String(code));
        this.options.metrics?.observe(operation.name, incoming.transport, codeName, seconds);
        this.deps.logger.info(
          {
            operation: operation.name,
            transport: incoming.transport,
            status: codeName,
            durationMs: Math.round(seconds * 1e5) / 100,
          },
          'call',
        );
      }
    });
  }

  private async serve<Response>(
    operation: Operation<never, Response>,
    incoming: IncomingCall,
  ): Promise<Response> {
    const { deps } = this;
    const caller = await authenticate(
      this.keys,
      deps.config,
      deps.dataSource,
      incoming.authorization,
      this.authCache,
    );
    await this.options.rateLimit?.consume(caller.userId);
    const orgId = await authorize(
      deps.dataSource,
      caller,
      operation.permission,
      incoming.targetOrgId,
      this.authCache,
    );
    const request = this.validators.get(operation as Operation)!(incoming.request);
    // A read (GET) ignores If-Match; a change that does not take it refuses it.
    const ifMatch = operation.http.method === 'GET' ? undefined : ifMatchOf(incoming.ifMatch);
    if (ifMatch !== undefined && !honorsIfMatch(operation.handle)) throw ifMatchUnsupported();
    if (operation.reads && incoming.afterSequence !== undefined)
      await untilReduced(deps.dataSource, operation.reads, orgId, incoming.afterSequence);
    // Every event the call records names the caller as its editor.
    return asEditor(caller.userId, () =>
      operation.handle({ deps, caller, orgId, ifMatch }, request as never),
    );
  }
}
