import type { Permission } from '../../services/api/auth/permissions.js';

/**
 * The permission matrix of the contract ("Identity, organizations, permissions") as the
 * permissions test probes it: the roles and what each grants, the operations probed and the
 * permission each needs, and the ways of naming the target organization.
 */
export type RoleName =
  | 'none'
  | 'ORG_OWNER'
  | 'ORG_USER_MANAGER'
  | 'ORG_PROJECT_OWNER'
  | 'ORG_USER_VIEWER'
  | 'ORG_PROJECT_VIEWER'
  | 'IAM_OWNER';
export type ProbedName =
  | 'AddUserGrant'
  | 'LockUser'
  | 'AddProject'
  | 'SetLabelPolicy'
  | 'SetDefaultLabelPolicy'
  | 'UpdateOrg'
  | 'UpdateOrgMember'
  | 'AddIDPToLoginPolicy'
  | 'AdminAddIDPToLoginPolicy'
  | 'AddGenericOIDCProvider'
  | 'AdminAddGenericOIDCProvider'
  | 'DeactivateOrgIDP'
  | 'DeactivateIDP';
export type OperationName =
  | 'UpdateMyProfile'
  | 'SetMyEmail'
  | 'ImportHumanUser'
  | 'UpdateProject'
  | 'ListUsers'
  | 'ListUserGrants'
  | 'ListProjects'
  | PartReadName
  | 'GetMyOrg'
  | 'ListOrgs'
  | 'GetLabelPolicy'
  | 'GetLoginPolicy'
  | 'AdminGetLoginPolicy'
  | 'ListPersonalAccessTokens'
  | 'ListUserMemberships'
  | 'ListProviders'
  | ProbedName;
/** The reads of a project's parts, which read a project of the target organization. */
export type PartReadName =
  'ListProjectRoles' | 'ListApps' | 'GetAppByID' | 'ListProjectGrants' | 'GetProjectGrantByID';
export type TargetName = 'own-implicit' | 'own-named' | 'other-org' | 'unknown-org';
const ORG_OWNER_GRANTS: Permission[] = [
  'user.read',
  'project.read',
  'org.read',
  'policy.read',
  'user.write',
  'project.write',
  'user.grant.write',
];

/** What the contract grants: roles in the caller's organization, IAM_OWNER everywhere. */
export const ROLES: Record<RoleName, { grants: Permission[]; instanceWide: boolean }> = {
  none: { grants: [], instanceWide: false },
  ORG_OWNER: {
    grants: [
      ...ORG_OWNER_GRANTS,
      'policy.write',
      'org.member.write',
      'idp.read',
      'idp.write',
      'event.read',
    ],
    instanceWide: false,
  },
  ORG_USER_MANAGER: {
    grants: ['user.read', 'user.write', 'user.grant.write'],
    instanceWide: false,
  },
  ORG_PROJECT_OWNER: { grants: ['project.read', 'project.write'], instanceWide: false },
  ORG_USER_VIEWER: { grants: ['user.read'], instanceWide: false },
  ORG_PROJECT_VIEWER: { grants: ['project.read'], instanceWide: false },
  IAM_OWNER: {
    grants: [
      ...ORG_OWNER_GRANTS,
      'policy.write',
      'org.member.write',
      'instance.policy.read',
      'instance.policy.write',
      'instance.org.read',
      'instance.org.write',
      'idp.read',
      'idp.write',
      'instance.idp.read',
      'instance.idp.write',
      'event.read',
    ],
    instanceWide: true,
  },
};

export const OPERATIONS: Record<OperationName, Permission> = {
  UpdateMyProfile: 'authenticated',
  SetMyEmail: 'authenticated',
  ImportHumanUser: 'user.write',
  UpdateProject: 'project.write',
  ListUsers: 'user.read',
  ListUserGrants: 'user.read',
  ListProjects: 'project.read',
  ListProjectRoles: 'project.read',
  ListApps: 'project.read',
  GetAppByID: 'project.read',
  ListProjectGrants: 'project.read',
  GetProjectGrantByID: 'project.read',
  GetMyOrg: 'org.read',
  ListOrgs: 'instance.org.read',
  GetLabelPolicy: 'policy.read',
  GetLoginPolicy: 'policy.read',
  AdminGetLoginPolicy: 'instance.policy.read',
  ListPersonalAccessTokens: 'user.read',
  ListUserMemberships: 'user.read',
  ListProviders: 'idp.read',
  AddUserGrant: 'user.grant.write',
  LockUser: 'user.write',
  AddProject: 'project.write',
  SetLabelPolicy: 'policy.write',
  SetDefaultLabelPolicy: 'instance.policy.write',
  UpdateOrg: 'instance.org.write',
  UpdateOrgMember: 'org.member.write',
  AddIDPToLoginPolicy: 'policy.write',
  AdminAddIDPToLoginPolicy: 'instance.policy.write',
  AddGenericOIDCProvider: 'idp.write',
  AdminAddGenericOIDCProvider: 'instance.idp.write',
  DeactivateOrgIDP: 'idp.write',
  DeactivateIDP: 'instance.idp.write',
};

export const TARGETS: Record<TargetName, string> = {
  'own-implicit': 'own org, no x-service-orgid',
  'own-named': 'own org named in x-service-orgid',
  'other-org': 'another existing org named in x-service-orgid',
  'unknown-org': 'an org id that does not exist in x-service-orgid',
};

export function expectedAllowed(
  role: RoleName,
  operation: OperationName,
  target: TargetName,
): boolean {
  const permission = OPERATIONS[operation];
  if (permission === 'authenticated') return true;
  if (target === 'unknown-org') return false;
  const { grants, instanceWide } = ROLES[role];
  if (!grants.includes(permission)) return false;
  return target !== 'other-org' || instanceWide;
}
