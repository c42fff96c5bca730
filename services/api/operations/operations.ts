import { importHumanUsersOperation } from './import-human-users/import-human-users.operation.js';
import { setLabelPolicyOperation } from './set-label-policy/set-label-policy.operation.js';
import { resetLabelPolicyOperation } from './reset-label-policy/reset-label-policy.operation.js';
import { setDefaultLabelPolicyOperation } from './set-default-label-policy/set-default-label-policy.operation.js';
import { resetDefaultLabelPolicyOperation } from './reset-default-label-policy/reset-default-label-policy.operation.js';
import { addProjectGrantOperation } from './add-project-grant/add-project-grant.operation.js';
import { updateProjectGrantOperation } from './update-project-grant/update-project-grant.operation.js';
import { removeProjectGrantOperation } from './remove-project-grant/remove-project-grant.operation.js';
import { addProjectRoleOperation } from './add-project-role/add-project-role.operation.js';
import { updateProjectRoleOperation } from './update-project-role/update-project-role.operation.js';
import { removeProjectRoleOperation } from './remove-project-role/remove-project-role.operation.js';
import { addOIDCApplicationOperation } from './add-oidc-application/add-oidc-application.operation.js';
import { updateOIDCApplicationOperation } from './update-oidc-application/update-oidc-application.operation.js';
import { removeOIDCApplicationOperation } from './remove-oidc-application/remove-oidc-application.operation.js';
import { addUserGrantOperation } from './add-user-grant/add-user-grant.operation.js';
import { updateUserGrantOperation } from './update-user-grant/update-user-grant.operation.js';
import { removeUserGrantOperation } from './remove-user-grant/remove-user-grant.operation.js';
import { finishMyPasskeyRegistrationOperation } from './finish-my-passkey-registration/finish-my-passkey-registration.operation.js';
import { getMyProfileOperation } from './get-my-profile/get-my-profile.operation.js';
import { importHumanUserOperation } from './import-human-user/import-human-user.operation.js';
import { listMyPasskeysOperation } from './list-my-passkeys/list-my-passkeys.operation.js';
import type { Operation } from './operation.js';
import { removeMyPasskeyOperation } from './remove-my-passkey/remove-my-passkey.operation.js';
import { renameMyPasskeyOperation } from './rename-my-passkey/rename-my-passkey.operation.js';
import { startMyPasskeyRegistrationOperation } from './start-my-passkey-registration/start-my-passkey-registration.operation.js';
import { updateMyProfileOperation } from './update-my-profile/update-my-profile.operation.js';
import { updateProjectOperation } from './update-project/update-project.operation.js';

/** Every operation the service offers. Transports serve exactly this list. */
export const operations: readonly Operation[] = [
  updateMyProfileOperation,
  getMyProfileOperation,
  listMyPasskeysOperation,
  renameMyPasskeyOperation,
  removeMyPasskeyOperation,
  startMyPasskeyRegistrationOperation,
  finishMyPasskeyRegistrationOperation,
  importHumanUserOperation,
  importHumanUsersOperation,
  updateProjectOperation,
  addProjectRoleOperation,
  updateProjectRoleOperation,
  removeProjectRoleOperation,
  addOIDCApplicationOperation,
  updateOIDCApplicationOperation,
  removeOIDCApplicationOperation,
  addProjectGrantOperation,
  updateProjectGrantOperation,
  removeProjectGrantOperation,
  addUserGrantOperation,
  updateUserGrantOperation,
  removeUserGrantOperation,
  setLabelPolicyOperation,
  resetLabelPolicyOperation,
  setDefaultLabelPolicyOperation,
  resetDefaultLabelPolicyOperation,
] as readonly Operation<never, unknown>[] as readonly Operation[];
