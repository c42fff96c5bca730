import type { DataSource } from 'typeorm';
import { requireOrganization } from './organizations.js';
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

/**
 * Asks the worker for an initialization email to every user of the organization not yet
 * activated (email unverified or no password), at most `perSecond` a second: a migration's users
 * imported without emails, in waves. Each request is recorded as `user.human.init.code.requested`.
 */
export async function resendInitializationEmails(
  dataSource: DataSource,
  orgId: string,
  perSecond: number,
): Promise<{ orgId: string; requested: number }> {
  await requireOrganization(dataSource, orgId);
  const due: { id: string }[] = await dataSource.query(
    `SELECT id FROM users
      WHERE org_id = ? AND state = 'active' AND (email_verified = 0 OR password_hash IS NULL)
      ORDER BY id`,
    [orgId],
  );
  const started = Date.now();
  let requested = 0;
  for (const { id } of due) {
    // The n-th request no sooner than n / perSecond seconds after the first.
    const wait = started + (requested * 1000) / perSecond - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if ((await resendInitialization(dataSource, id, 'admin')) === 'requested') requested++;
  }
  return { orgId, requested };
}
