import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { operations } from '../operations/operations.js';
import type { Operation } from '../operations/operation.js';
import { RequestSchemas } from '../validation/request-validator.js';
import { requireOrganization } from './organizations.js';

/** The ManagementService's operations by method name: what `identityctl call` runs. */
export const MANAGEMENT_OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  operations
    .filter((operation) => operation.grpc.service === 'identity.management.v1.ManagementService')
    .map((operation) => [operation.grpc.method, operation]),
);

/**
 * Runs a ManagementService operation as an operator (who may do anything, as identityctl may) in
 * the organization `orgId`: the request checked against the operation's schema as the API checks
 * it, then its handler, with the same writes and events as a call over the API. A refusal is
 * thrown as the error the API would answer, said on one line.
 */
export async function callOperation(
  { dataSource, config }: { dataSource: DataSource; config: Config },
  method: string,
  orgId: string,
  request: unknown,
): Promise<unknown> {
  const operation = MANAGEMENT_OPERATIONS.get(method)!;
  await requireOrganization(dataSource, orgId);
  const deps = { dataSource, config, logger: createLogger('silent') };
  try {
    const valid = new RequestSchemas(config.passwordPolicy).compile(
      operation.checked ?? operation.schema,
    )(request);
    return await operation.handle({ deps, caller: { userId: '', orgId }, orgId }, valid);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const violations = error.fieldViolations.map((v) => `${v.field}: ${v.description}`);
    throw new Error([`${error.id}: ${error.message}`, ...violations].join('; '));
  }
}
