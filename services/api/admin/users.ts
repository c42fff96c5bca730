import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { importHumanUser } from '../operations/import-human-user/import-human-user.handler.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from '../operations/import-human-user/import-human-user.request.js';
import { resendInitialization } from '../accounts/activation.js';

/**
 * Creates a human user in `orgId` outside a call: the same write, events and checks as the Import
 * operation, for setup and the tests. The request is not validated against the schema here.
 */
export function createHumanUser(
  dataSource: DataSource,
  config: Config,
  orgId: string,
  request: ImportHumanUserRequest,
): Promise<ImportHumanUserResponse> {
  return importHumanUser(
    { deps: { dataSource, config, logger: createLogger('silent') }, orgId },
    request,
  );
}

/**
 * Asks the worker for a new initialization email to a user not yet activated (after a permanent
 * SMTP refusal, for instance). Refuses an unknown user and one already active.
 */
export async function resendInitializationEmail(
  dataSource: DataSource,
  userId: string,
): Promise<{ userId: string; requested: true }> {
  const result = await resendInitialization(dataSource, userId, 'admin');
  if (result === 'unknown') throw new Error(`no user ${userId}`);
  if (result === 'not-due')
    throw new Error(`user ${userId} is activated already (email verified, password set)`);
  return { userId, requested: true };
}
