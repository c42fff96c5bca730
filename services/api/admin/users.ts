import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { importHumanUser } from '../operations/import-human-user/import-human-user.handler.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from '../operations/import-human-user/import-human-user.request.js';

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
