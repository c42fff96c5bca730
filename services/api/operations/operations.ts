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
import { getMyLabelPolicyOperation } from './get-my-label-policy/get-my-label-policy.operation.js';
import { importHumanUserOperation } from './import-human-user/import-human-user.operation.js';
import { listMyPasskeysOperation } from './list-my-passkeys/list-my-passkeys.operation.js';
import { addMachineUserOperation } from './add-machine-user/add-machine-user.operation.js';
import { updateMachineUserOperation } from './update-machine-user/update-machine-user.operation.js';
import { removeMachineUserOperation } from './remove-machine-user/remove-machine-user.operation.js';
import { deactivateMachineUserOperation } from './deactivate-machine-user/deactivate-machine-user.operation.js';
import { reactivateMachineUserOperation } from './reactivate-machine-user/reactivate-machine-user.operation.js';
import { addMachineSecretOperation } from './add-machine-secret/add-machine-secret.operation.js';
import { removeMachineSecretOperation } from './remove-machine-secret/remove-machine-secret.operation.js';
import { addMachineKeyOperation } from './add-machine-key/add-machine-key.operation.js';
import { removeMachineKeyOperation } from './remove-machine-key/remove-machine-key.operation.js';
import { addPersonalAccessTokenOperation } from './add-personal-access-token/add-personal-access-token.operation.js';
import { removePersonalAccessTokenOperation } from './remove-personal-access-token/remove-personal-access-token.operation.js';
import { addOrgMemberOperation } from './add-org-member/add-org-member.operation.js';
import { removeOrgMemberOperation } from './remove-org-member/remove-org-member.operation.js';
import { updateOrgMemberOperation } from './update-org-member/update-org-member.operation.js';
import { addGenericOIDCProviderOperations } from './add-generic-oidc-provider/add-generic-oidc-provider.operation.js';
import { updateGenericOIDCProviderOperations } from './update-generic-oidc-provider/update-generic-oidc-provider.operation.js';
import { addGenericOAuthProviderOperations } from './add-generic-oauth-provider/add-generic-oauth-provider.operation.js';
import { updateGenericOAuthProviderOperations } from './update-generic-oauth-provider/update-generic-oauth-provider.operation.js';
import { getProviderByIDOperations } from './get-provider-by-id/get-provider-by-id.operation.js';
import { listProvidersOperations } from './list-providers/list-providers.operation.js';
import { deleteProviderOperations } from './delete-provider/delete-provider.operation.js';
import { deactivateOrgIDPOperations } from './deactivate-org-idp/deactivate-org-idp.operation.js';
import { reactivateOrgIDPOperations } from './reactivate-org-idp/reactivate-org-idp.operation.js';
import type { Operation } from './operation.js';
import { getUserByIDOperation } from './get-user-by-id/get-user-by-id.operation.js';
import { listUsersOperation } from './list-users/list-users.operation.js';
import { updateHumanEmailOperation } from './update-human-email/update-human-email.operation.js';
import { addUserIDPLinkOperation } from './add-user-idp-link/add-user-idp-link.operation.js';
import { removeUserIDPLinkOperation } from './remove-user-idp-link/remove-user-idp-link.operation.js';
import { updateHumanProfileOperation } from './update-human-profile/update-human-profile.operation.js';
import { updateHumanPhoneOperation } from './update-human-phone/update-human-phone.operation.js';
import { removeHumanPhoneOperation } from './remove-human-phone/remove-human-phone.operation.js';
import { setHumanPasswordOperation } from './set-human-password/set-human-password.operation.js';
import { resendHumanInitializationOperation } from './resend-human-initialization/resend-human-initialization.operation.js';
import { removeHumanAuthFactorOTPOperation } from './remove-human-auth-factor-otp/remove-human-auth-factor-otp.operation.js';
import { removeHumanPasswordlessOperation } from './remove-human-passwordless/remove-human-passwordless.operation.js';
import { deactivateUserOperation } from './deactivate-user/deactivate-user.operation.js';
import { reactivateUserOperation } from './reactivate-user/reactivate-user.operation.js';
import { lockUserOperation } from './lock-user/lock-user.operation.js';
import { unlockUserOperation } from './unlock-user/unlock-user.operation.js';
import { removeUserOperation } from './remove-user/remove-user.operation.js';
import { getProjectByIDOperation } from './get-project-by-id/get-project-by-id.operation.js';
import { listProjectsOperation } from './list-projects/list-projects.operation.js';
import { addProjectOperation } from './add-project/add-project.operation.js';
import { deactivateProjectOperation } from './deactivate-project/deactivate-project.operation.js';
import { reactivateProjectOperation } from './reactivate-project/reactivate-project.operation.js';
import { removeProjectOperation } from './remove-project/remove-project.operation.js';
import { addOrgOperation } from './add-org/add-org.operation.js';
import { updateOrgOperation } from './update-org/update-org.operation.js';
import { deactivateOrgOperation } from './deactivate-org/deactivate-org.operation.js';
import { reactivateOrgOperation } from './reactivate-org/reactivate-org.operation.js';
import { listProjectRolesOperation } from './list-project-roles/list-project-roles.operation.js';
import { listAppsOperation } from './list-apps/list-apps.operation.js';
import { getAppByIDOperation } from './get-app-by-id/get-app-by-id.operation.js';
import { listUserGrantsOperation } from './list-user-grants/list-user-grants.operation.js';
import { listProjectGrantsOperation } from './list-project-grants/list-project-grants.operation.js';
import { getProjectGrantByIDOperation } from './get-project-grant-by-id/get-project-grant-by-id.operation.js';
import { getMyOrgOperation } from './get-my-org/get-my-org.operation.js';
import { listOrgMembersOperation } from './list-org-members/list-org-members.operation.js';
import { listEventsOperation } from './list-events/list-events.operation.js';
import { listEventTypesOperation } from './list-event-types/list-event-types.operation.js';
import { listAggregateTypesOperation } from './list-aggregate-types/list-aggregate-types.operation.js';
import { listOrgsOperation } from './list-orgs/list-orgs.operation.js';
import { getLabelPolicyOperation } from './get-label-policy/get-label-policy.operation.js';
import { getDefaultLabelPolicyOperation } from './get-default-label-policy/get-default-label-policy.operation.js';
import { getLoginPolicyOperation } from './get-login-policy/get-login-policy.operation.js';
import { getDefaultLoginPolicyOperation } from './get-default-login-policy/get-default-login-policy.operation.js';
import { addCustomLoginPolicyOperation } from './add-custom-login-policy/add-custom-login-policy.operation.js';
import { updateCustomLoginPolicyOperation } from './update-custom-login-policy/update-custom-login-policy.operation.js';
import { resetLoginPolicyToDefaultOperation } from './reset-login-policy-to-default/reset-login-policy-to-default.operation.js';
import { addIDPToLoginPolicyOperation } from './add-idp-to-login-policy/add-idp-to-login-policy.operation.js';
import { removeIDPFromLoginPolicyOperation } from './remove-idp-from-login-policy/remove-idp-from-login-policy.operation.js';
import { listLoginPolicyIDPsOperation } from './list-login-policy-idps/list-login-policy-idps.operation.js';
import { adminGetLoginPolicyOperation } from './admin-get-login-policy/admin-get-login-policy.operation.js';
import { adminUpdateLoginPolicyOperation } from './admin-update-login-policy/admin-update-login-policy.operation.js';
import { adminAddIDPToLoginPolicyOperation } from './admin-add-idp-to-login-policy/admin-add-idp-to-login-policy.operation.js';
import { adminRemoveIDPFromLoginPolicyOperation } from './admin-remove-idp-from-login-policy/admin-remove-idp-from-login-policy.operation.js';
import { adminListLoginPolicyIDPsOperation } from './admin-list-login-policy-idps/admin-list-login-policy-idps.operation.js';
import { listMachineKeysOperation } from './list-machine-keys/list-machine-keys.operation.js';
import { listPersonalAccessTokensOperation } from './list-personal-access-tokens/list-personal-access-tokens.operation.js';
import { listHumanLinkedIDPsOperation } from './list-human-linked-idps/list-human-linked-idps.operation.js';
import { listHumanAuthFactorsOperation } from './list-human-auth-factors/list-human-auth-factors.operation.js';
import { listUserMembershipsOperation } from './list-user-memberships/list-user-memberships.operation.js';
import { removeMyPasskeyOperation } from './remove-my-passkey/remove-my-passkey.operation.js';
import { renameMyPasskeyOperation } from './rename-my-passkey/rename-my-passkey.operation.js';
import { startMyPasskeyRegistrationOperation } from './start-my-passkey-registration/start-my-passkey-registration.operation.js';
import { updateMyProfileOperation } from './update-my-profile/update-my-profile.operation.js';
import { updateProjectOperation } from './update-project/update-project.operation.js';
import { listMyAuthFactorsOperation } from './list-my-auth-factors/list-my-auth-factors.operation.js';
import { addMyAuthFactorOTPOperation } from './add-my-auth-factor-otp/add-my-auth-factor-otp.operation.js';
import { verifyMyAuthFactorOTPOperation } from './verify-my-auth-factor-otp/verify-my-auth-factor-otp.operation.js';
import { removeMyAuthFactorOTPOperation } from './remove-my-auth-factor-otp/remove-my-auth-factor-otp.operation.js';
import { listMyUserSessionsOperation } from './list-my-user-sessions/list-my-user-sessions.operation.js';
import { endMyUserSessionOperation } from './end-my-user-session/end-my-user-session.operation.js';
import { endAllMyUserSessionsOperation } from './end-all-my-user-sessions/end-all-my-user-sessions.operation.js';

import { getMyPasswordComplexityPolicyOperation } from './get-my-password-complexity-policy/get-my-password-complexity-policy.operation.js';
import { updateMyPasswordOperation } from './update-my-password/update-my-password.operation.js';
import { getMyEmailOperation } from './get-my-email/get-my-email.operation.js';
import { setMyEmailOperation } from './set-my-email/set-my-email.operation.js';
import { verifyMyEmailOperation } from './verify-my-email/verify-my-email.operation.js';
import { updateUserNameOperation } from './update-user-name/update-user-name.operation.js';
import { updateUserExternalIdOperation } from './update-user-external-id/update-user-external-id.operation.js';
import { listUserMetadataOperation } from './list-user-metadata/list-user-metadata.operation.js';
import { getUserMetadataOperation } from './get-user-metadata/get-user-metadata.operation.js';
import { setUserMetadataOperation } from './set-user-metadata/set-user-metadata.operation.js';
import { bulkSetUserMetadataOperation } from './bulk-set-user-metadata/bulk-set-user-metadata.operation.js';
import { removeUserMetadataOperation } from './remove-user-metadata/remove-user-metadata.operation.js';
import { bulkRemoveUserMetadataOperation } from './bulk-remove-user-metadata/bulk-remove-user-metadata.operation.js';
import { resendMyEmailVerificationOperation } from './resend-my-email-verification/resend-my-email-verification.operation.js';

/** Every operation the service offers. Transports serve exactly this list. */
export const operations: readonly Operation[] = [
  updateMyProfileOperation,
  getMyProfileOperation,
  getMyLabelPolicyOperation,
  listMyPasskeysOperation,
  renameMyPasskeyOperation,
  removeMyPasskeyOperation,
  startMyPasskeyRegistrationOperation,
  finishMyPasskeyRegistrationOperation,
  getMyPasswordComplexityPolicyOperation,
  updateMyPasswordOperation,
  getMyEmailOperation,
  setMyEmailOperation,
  verifyMyEmailOperation,
  resendMyEmailVerificationOperation,
  listMyAuthFactorsOperation,
  addMyAuthFactorOTPOperation,
  verifyMyAuthFactorOTPOperation,
  removeMyAuthFactorOTPOperation,
  listMyUserSessionsOperation,
  endMyUserSessionOperation,
  endAllMyUserSessionsOperation,
  importHumanUserOperation,
  importHumanUsersOperation,
  getUserByIDOperation,
  listUsersOperation,
  deactivateUserOperation,
  reactivateUserOperation,
  lockUserOperation,
  unlockUserOperation,
  removeUserOperation,
  updateHumanEmailOperation,
  addUserIDPLinkOperation,
  removeUserIDPLinkOperation,
  updateHumanProfileOperation,
  updateUserNameOperation,
  updateUserExternalIdOperation,
  // The literal paths (_search, _bulk, _bulk_remove) before {key}: the first route that matches serves.
  listUserMetadataOperation,
  bulkSetUserMetadataOperation,
  bulkRemoveUserMetadataOperation,
  getUserMetadataOperation,
  setUserMetadataOperation,
  removeUserMetadataOperation,
  updateHumanPhoneOperation,
  removeHumanPhoneOperation,
  setHumanPasswordOperation,
  resendHumanInitializationOperation,
  removeHumanAuthFactorOTPOperation,
  removeHumanPasswordlessOperation,
  updateProjectOperation,
  getProjectByIDOperation,
  listProjectsOperation,
  addProjectOperation,
  deactivateProjectOperation,
  reactivateProjectOperation,
  removeProjectOperation,
  addProjectRoleOperation,
  updateProjectRoleOperation,
  removeProjectRoleOperation,
  listProjectRolesOperation,
  addOIDCApplicationOperation,
  updateOIDCApplicationOperation,
  removeOIDCApplicationOperation,
  listAppsOperation,
  getAppByIDOperation,
  addProjectGrantOperation,
  updateProjectGrantOperation,
  removeProjectGrantOperation,
  listProjectGrantsOperation,
  getProjectGrantByIDOperation,
  addUserGrantOperation,
  updateUserGrantOperation,
  removeUserGrantOperation,
  listUserGrantsOperation,
  setLabelPolicyOperation,
  resetLabelPolicyOperation,
  setDefaultLabelPolicyOperation,
  resetDefaultLabelPolicyOperation,
  addMachineUserOperation,
  updateMachineUserOperation,
  removeMachineUserOperation,
  deactivateMachineUserOperation,
  reactivateMachineUserOperation,
  addMachineSecretOperation,
  removeMachineSecretOperation,
  addMachineKeyOperation,
  removeMachineKeyOperation,
  addPersonalAccessTokenOperation,
  removePersonalAccessTokenOperation,
  addOrgMemberOperation,
  updateOrgMemberOperation,
  removeOrgMemberOperation,
  getMyOrgOperation,
  listOrgMembersOperation,
  listEventsOperation,
  listEventTypesOperation,
  listAggregateTypesOperation,
  addOrgOperation,
  updateOrgOperation,
  deactivateOrgOperation,
  reactivateOrgOperation,
  listOrgsOperation,
  getLabelPolicyOperation,
  getDefaultLabelPolicyOperation,
  getLoginPolicyOperation,
  getDefaultLoginPolicyOperation,
  addCustomLoginPolicyOperation,
  updateCustomLoginPolicyOperation,
  resetLoginPolicyToDefaultOperation,
  addIDPToLoginPolicyOperation,
  removeIDPFromLoginPolicyOperation,
  listLoginPolicyIDPsOperation,
  adminGetLoginPolicyOperation,
  adminUpdateLoginPolicyOperation,
  adminAddIDPToLoginPolicyOperation,
  adminRemoveIDPFromLoginPolicyOperation,
  adminListLoginPolicyIDPsOperation,
  listMachineKeysOperation,
  listPersonalAccessTokensOperation,
  listHumanLinkedIDPsOperation,
  listHumanAuthFactorsOperation,
  listUserMembershipsOperation,
  // The organization's identity providers (ManagementService), then the instance's (AdminService).
  ...(['org', 'instance'] as const).flatMap((owner) => [
    addGenericOIDCProviderOperations[owner],
    updateGenericOIDCProviderOperations[owner],
    addGenericOAuthProviderOperations[owner],
    updateGenericOAuthProviderOperations[owner],
    getProviderByIDOperations[owner],
    listProvidersOperations[owner],
    deleteProviderOperations[owner],
    deactivateOrgIDPOperations[owner],
    reactivateOrgIDPOperations[owner],
  ]),
] as readonly Operation<never, unknown>[] as readonly Operation[];
