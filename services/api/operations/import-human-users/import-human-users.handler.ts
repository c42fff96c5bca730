import importSchema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import type { Config } from '../../../../shared/config/config.js';
import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { isDuplicateKey } from '../../../../shared/db/db-errors.js';
import { ServiceError, type FieldViolation } from '../../../../shared/errors/service-error.js';
import { RequestSchemas, type RequestValidator } from '../../validation/request-validator.js';
import type { OperationContext } from '../operation.js';
import { planImport, racedTo } from '../import-human-user/import-human-user.handler.js';
import {
  commitOrFail,
  importAnswer,
  queueImport,
  requireIdpConfigs,
  type ImportPlan,
} from '../import-human-user/import-human-user.writes.js';
import { idpConfigUnknown } from '../import-human-user/import-human-user.errors.js';
import { linkableProviders, unknownIdpFields } from '../idp-links.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from '../import-human-user/import-human-user.request.js';
import type { ImportHumanUsersRequest } from './import-human-users.request.generated.js';
import { batchConflicts } from './batch-conflicts.js';

/** Why one user of a batch was not imported, as a single import's error says it. */
export interface BatchError {
  code: number;
  id: string;
  message: string;
  fieldViolations?: FieldViolation[];
}

/** One user's outcome: its user (made, or found by its externalId), or its error. */
export type BatchResult =
  Omit<ImportHumanUserResponse, 'details'> | { error: BatchError; userId?: undefined };

export interface ImportHumanUsersResponse {
  results: BatchResult[];
  details: { sequence: string; changeDate: Date; resourceOwner: string };
}

const checkers = new WeakMap<Config, RequestValidator<ImportHumanUserRequest>>();

/** ImportHumanUser's own check of one user, compiled once per configuration. */
function checkerOf(config: Config): RequestValidator<ImportHumanUserRequest> {
  let check = checkers.get(config);
  if (!check)
    checkers.set(config, (check = new RequestSchemas(config.passwordPolicy).compile(importSchema)));
  return check;
}

function errorOf(error: unknown): { error: BatchError } {
  if (!(error instanceof ServiceError)) throw error;
  const { code, id, message, fieldViolations } = error;
  return { error: { code, id, message, ...(fieldViolations.length > 0 && { fieldViolations }) } };
}

/**
 * Imports up to 1,000 users, answering each in its place: its new user, the user its externalId
 * found (alreadyExisted), or its own error, as ImportHumanUser would answer it alone; one bad user
 * never fails the others. Each user is checked alone, the batch's conflicts (user names, external
 * ids and identity provider links, taken before or repeated in the batch) are read in one round
 * trip each, the passwords hashed, and every user is written in one transaction. When that
 * transaction meets a key another import took meanwhile, the users are written one by one, each
 * with its own answer.
 */
export async function importHumanUsers(
  { deps, orgId }: Pick<OperationContext, 'deps' | 'orgId'>,
  request: ImportHumanUsersRequest,
): Promise<ImportHumanUsersResponse> {
  const check = checkerOf(deps.config);
  const results: (BatchResult | undefined)[] = request.users.map(() => undefined);
  const checked = new Map<number, ImportHumanUserRequest>();
  request.users.forEach((user, index) => {
    try {
      checked.set(index, check(user));
    } catch (error) {
      results[index] = errorOf(error);
    }
  });
  const conflicts = await batchConflicts(deps.dataSource, orgId, checked);
  for (const [index, conflict] of conflicts.refused) results[index] = errorOf(conflict);
  for (const [index, found] of conflicts.found) results[index] = found;
  const sendInitializationEmail = request.sendInitializationEmail ?? true;
  const plans = new Map<number, ImportPlan>();
  await Promise.all(
    [...checked]
      .filter(([index]) => results[index] === undefined && !conflicts.sameAs.has(index))
      .map(async ([index, user]) => {
        try {
          plans.set(index, await planImport(deps.config, orgId, user, { sendInitializationEmail }));
        } catch (error) {
          results[index] = errorOf(error);
        }
      }),
  );
  const sequences = await writeAll(deps, orgId, plans, results);
  for (const [index, first] of conflicts.sameAs) {
    const made = results[first];
    results[index] = made?.userId ? { userId: made.userId, alreadyExisted: true } : made;
  }
  const last = sequences.reduce(
    (max, sequence) => (BigInt(sequence) > BigInt(max) ? sequence : max),
    '0',
  );
  return {
    results: results.map((result) => result!),
    details: { sequence: last, changeDate: new Date(), resourceOwner: orgId },
  };
}

/** Writes the plans in one transaction, or one by one when a key was taken meanwhile. */
async function writeAll(
  deps: OperationContext['deps'],
  orgId: string,
  plans: Map<number, ImportPlan>,
  results: (BatchResult | undefined)[],
): Promise<string[]> {
  if (plans.size === 0) return [];
  const answer = (index: number, plan: ImportPlan, sequence: string) => {
    const { details: _details, ...made } = importAnswer(deps.config, plan, sequence);
    results[index] = made;
    return sequence;
  };
  try {
    const positions = await inBatchedTransaction(deps.dataSource, async (transaction) => {
      // The providers checked before are held now: one removed meanwhile refuses its users.
      const known = await linkableProviders(
        transaction,
        orgId,
        [...plans.values()].flatMap((plan) => plan.idps.map((idp) => idp.configId)),
      );
      const queued = [...plans].flatMap(([index, plan]) => {
        const unknown = unknownIdpFields(plan.idps, known);
        if (unknown.length === 0) return [[index, queueImport(transaction, plan)] as const];
        results[index] = errorOf(idpConfigUnknown(unknown));
        return [];
      });
      await transaction.commit();
      return queued;
    });
    return positions.map(([index, position]) => answer(index, plans.get(index)!, position.lastId));
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const sequences: string[] = [];
  for (const [index, plan] of plans) {
    try {
      const position = await inBatchedTransaction(deps.dataSource, async (transaction) => {
        await requireIdpConfigs(transaction, orgId, plan.idps);
        const queued = queueImport(transaction, plan);
        await commitOrFail(transaction);
        return queued;
      });
      sequences.push(answer(index, plan, position.lastId));
    } catch (error) {
      const before = await racedTo(deps, orgId, plan.user.externalId, error);
      if (before) {
        const { details: _details, ...found } = before;
        results[index] = found;
      } else results[index] = errorOf(error);
    }
  }
  return sequences;
}
