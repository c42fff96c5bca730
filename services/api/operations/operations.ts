import { getMyProfileOperation } from './get-my-profile/get-my-profile.operation.js';
import { importHumanUserOperation } from './import-human-user/import-human-user.operation.js';
import type { Operation } from './operation.js';
import { updateMyProfileOperation } from './update-my-profile/update-my-profile.operation.js';
import { updateProjectOperation } from './update-project/update-project.operation.js';

/** Every operation the service offers. Transports serve exactly this list. */
export const operations: readonly Operation[] = [
  updateMyProfileOperation,
  getMyProfileOperation,
  importHumanUserOperation,
  updateProjectOperation,
] as readonly Operation<never, unknown>[] as readonly Operation[];
