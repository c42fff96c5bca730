import { MACHINE_USER_CASES, type MachineUserOperation } from './machine-user-transport-cases.js';
import {
  USER_LIFECYCLE_CASES,
  type UserLifecycleOperation,
} from './user-lifecycle-transport-cases.js';
import { ORG_READ_CASES, type OrgReadOperation } from './org-read-transport-cases.js';
import {
  PROJECT_LIFECYCLE_CASES,
  type ProjectLifecycleOperation,
} from './project-lifecycle-transport-cases.js';
import {
  ORG_LIFECYCLE_CASES,
  type OrgLifecycleOperation,
} from './org-lifecycle-transport-cases.js';
import { LOGIN_POLICY_CASES, type LoginPolicyOperation } from './login-policy-transport-cases.js';
import { IDP_CASES, type IdpOperation } from './idp-transport-cases.js';
import { MY_ACCOUNT_CASES, type MyAccountOperation } from './my-account-transport-cases.js';
import {
  ACCOUNT_SECURITY_CASES,
  type AccountSecurityOperation,
} from './account-security-transport-cases.js';

/** The cases test/integration/transports.test.ts sends over every transport. */

/** One outcome, whatever the transport: the status code, the error id and the violated fields. */
export interface Outcome {
  code: number;
  errorId?: string;
  fields?: string[];
  /** For a success: the response's top-level fields and details' fields. */
  shape?: string[];
  /** For a failure: its message and every violation, which must not depend on the transport. */
  said?: { message?: string; violations?: { field: string; description: string }[] };
}

export interface Fixtures {
  owner: { orgId: string; userId: string; token: string };
  other: { orgId: string; userId: string };
  projectId: string;
  idpId: string;
  prefix: string;
  /** A machine user of the owner's organization. */
  machineUserId: string;
  /** A person of the owner's organization, whose life the lifecycle cases go through. */
  humanUserId: string;
  /** A project of the owner's organization, whose life the project lifecycle cases go through. */
  spareProjectId: string;
  /** A personal access token of another machine user of that organization, to call as it. */
  machineToken: string;
  /** An organization with no member, whose life the organization lifecycle cases go through. */
  spareOrgId: string;
  /** An IAM_OWNER of another organization, for the instance's operations; the only one. */
  admin: { token: string; orgId: string };
  /** An identity provider of the instance, the transport's own, for the login policies. */
  instanceIdpId: string;
}

/** An operation by its name (Operation.name: `AdminGetLoginPolicy` for the admin API's). */
export type Operation =
  | 'ImportHumanUser'
  | 'UpdateMyProfile'
  | 'GetMyProfile'
  | 'UpdateProject'
  | 'AddProjectRole'
  | 'AddOIDCApplication'
  | 'AddProjectGrant'
  | 'AddUserGrant'
  | 'SetLabelPolicy'
  | 'ImportHumanUsers'
  | 'GetUserByID'
  | 'ListUsers'
  | 'GetProjectByID'
  | 'ListProjects'
  | 'ListProjectRoles'
  | 'ListApps'
  | 'GetAppByID'
  | 'ListProjectGrants'
  | 'GetProjectGrantByID'
  | 'ListUserGrants'
  | MachineUserOperation
  | UserLifecycleOperation
  | OrgReadOperation
  | ProjectLifecycleOperation
  | OrgLifecycleOperation
  | LoginPolicyOperation
  | IdpOperation
  | MyAccountOperation
  | AccountSecurityOperation;
export interface Case {
  name: string;
  operation: Operation;
  request: (f: Fixtures) => Record<string, unknown>;
  caller?: (f: Fixtures) => { token?: string; orgId?: string };
  expected: Outcome;
  /**
   * The case whose JSON answer the gRPC transports must give: proto3 sends an absent string and
   * an empty one alike (as nothing), so over them an omitted required string is an empty one.
   */
  overProtoSaysAs?: string;
}

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];

const user = (f: Fixtures, name: string, extra: Record<string, unknown> = {}) => ({
  userName: `${f.prefix}-${name}`,
  profile: { firstName: 'Tess', lastName: 'Port' },
  email: { email: `${f.prefix}-${name}@example.com` },
  ...extra,
});

/** A user search `depth` deep: nots around a user name query. */
const nested = (depth: number): Record<string, unknown> =>
  depth === 1 ? { userNameQuery: { userName: 'x' } } : { notQuery: { query: nested(depth - 1) } };

/** The same cases for every transport; each transport gets fresh fixtures of its own. */
export const CASES: Case[] = [
  {
    name: 'a valid import',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'ok', { requestPasswordlessRegistration: true }),
    expected: {
      code: 0,
      shape: [
        'details',
        'passwordlessRegistration',
        'userId',
        'details.changeDate',
        'details.creationDate',
        'details.resourceOwner',
        'details.sequence',
      ],
    },
  },
  {
    name: 'an import violating several limits',
    operation: 'ImportHumanUser',
    request: (f) => ({
      ...user(f, 'bad'),
      profile: { firstName: 'x'.repeat(201), lastName: 'L', nickName: 'n'.repeat(201) },
      phone: { phone: '0791234567' },
    }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['phone.phone', 'profile.firstName', 'profile.nickName'],
    },
  },
  {
    name: 'password with hashedPassword',
    operation: 'ImportHumanUser',
    request: (f) =>
      user(f, 'both', {
        password: 'Sup3r-secret!',
        hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
      }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['hashedPassword'] },
  },
  {
    name: 'a weak password',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'weak', { password: 'weak' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['password'] },
  },
  {
    name: 'an unknown identity provider',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'idp', { idps: [{ configId: 'nope', externalUserId: 'x' }] }),
    expected: { code: 9, errorId: 'IDP-CONFIG-NOT-FOUND' },
  },
  {
    name: 'a taken userName',
    operation: 'ImportHumanUser',
    request: (f) => ({ ...user(f, 'x'), userName: 'taken-by-fixture' }),
    expected: { code: 6, errorId: 'USER-ALREADY-EXISTS' },
  },
  {
    name: 'no credentials',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'anon'),
    caller: () => ({}),
    expected: { code: 16, errorId: 'AUTH-UNAUTHENTICATED' },
  },
  {
    name: 'another organization',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'elsewhere'),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'a profile change',
    operation: 'UpdateMyProfile',
    request: () => ({
      firstName: 'New',
      lastName: 'Name',
      displayName: 'New Name',
      preferredLanguage: 'de-ch',
    }),
    expected: {
      code: 0,
      shape: ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'],
    },
  },
  {
    name: 'a profile with an empty first name',
    operation: 'UpdateMyProfile',
    request: () => ({ firstName: '', lastName: 'Only', displayName: 'Only' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['firstName'] },
  },
  {
    name: 'a profile with every required name empty',
    operation: 'UpdateMyProfile',
    request: () => ({ firstName: '', lastName: '', displayName: '' }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['displayName', 'firstName', 'lastName'],
    },
  },
  {
    name: 'a profile without required fields',
    operation: 'UpdateMyProfile',
    request: () => ({}),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['displayName', 'firstName', 'lastName'],
    },
    overProtoSaysAs: 'a profile with every required name empty',
  },
  {
    name: 'an import with an empty userName',
    operation: 'ImportHumanUser',
    request: (f) => ({ ...user(f, 'x'), userName: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['userName'] },
  },
  {
    name: 'an import with empty first and last names',
    operation: 'ImportHumanUser',
    request: (f) => ({ ...user(f, 'x'), profile: { firstName: '', lastName: '' } }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['profile.firstName', 'profile.lastName'],
    },
  },
  {
    name: 'a profile the worker has not read yet (no worker runs here)',
    operation: 'GetMyProfile',
    request: () => ({}),
    expected: { code: 5, errorId: 'PROFILE-NOT-FOUND' },
  },
  {
    name: 'a profile read by a machine user, which has none',
    operation: 'GetMyProfile',
    request: () => ({}),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 9, errorId: 'AUTH-NOT-A-PERSON' },
  },
  {
    name: 'a profile change by a machine user, which has none',
    operation: 'UpdateMyProfile',
    request: () => ({ firstName: 'Ro', lastName: 'Bot' }),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 9, errorId: 'AUTH-NOT-A-PERSON' },
  },
  {
    name: 'a profile read without credentials',
    operation: 'GetMyProfile',
    request: () => ({}),
    caller: () => ({ token: 'not-a-jwt' }),
    expected: { code: 16, errorId: 'AUTH-UNAUTHENTICATED' },
  },
  {
    name: 'a list of users, filtered, combined and ordered',
    operation: 'ListUsers',
    request: (f) => ({
      query: { limit: 10, asc: true },
      sortingColumn: 'USER_FIELD_NAME_USER_NAME',
      queries: [
        {
          userNameQuery: {
            userName: f.prefix,
            method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
          },
        },
        {
          orQuery: {
            queries: [
              { typeQuery: { type: 'TYPE_HUMAN' } },
              { notQuery: { query: { stateQuery: { state: 'USER_STATE_INACTIVE' } } } },
            ],
          },
        },
      ],
    }),
    expected: { code: 0 },
  },
  {
    name: 'a list of users nested deeper than five',
    operation: 'ListUsers',
    request: () => ({ queries: [nested(6)] }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['queries[0].notQuery.query.notQuery.query.notQuery.query.notQuery.query.notQuery'],
    },
  },
  {
    name: 'a list of users after a cursor that is none',
    operation: 'ListUsers',
    request: () => ({ query: { cursor: 'not-a-cursor' } }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['query.cursor'] },
  },
  {
    name: 'a list of projects by name',
    operation: 'ListProjects',
    request: () => ({
      query: { limit: 5 },
      queries: [{ nameQuery: { name: 'ro', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' } }],
    }),
    expected: { code: 0 },
  },
  {
    name: "a list of a project's roles by key",
    operation: 'ListProjectRoles',
    request: (f) => ({
      projectId: f.projectId,
      query: { limit: 5, asc: true },
      queries: [{ keyQuery: { key: 'a', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } }],
    }),
    expected: { code: 0 },
  },
  {
    name: "the roles of another organization's project",
    operation: 'ListProjectRoles',
    request: (f) => ({ projectId: f.other.orgId }),
    expected: { code: 5, errorId: 'PROJECT-NOT-FOUND' },
  },
  {
    name: "a list of a project's applications by name",
    operation: 'ListApps',
    request: (f) => ({
      projectId: f.projectId,
      query: { limit: 5 },
      queries: [{ nameQuery: { name: 'web', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' } }],
    }),
    expected: { code: 0 },
  },
  {
    name: 'an application the project does not have',
    operation: 'GetAppByID',
    request: (f) => ({ projectId: f.projectId, appId: f.other.orgId }),
    expected: { code: 5, errorId: 'APPLICATION-NOT-FOUND' },
  },
  {
    name: "a list of a project's grants by role key",
    operation: 'ListProjectGrants',
    request: (f) => ({
      projectId: f.projectId,
      queries: [{ roleKeyQuery: { roleKey: 'a', method: 'TEXT_QUERY_METHOD_CONTAINS' } }],
    }),
    expected: { code: 0 },
  },
  {
    name: 'a grant the project does not have',
    operation: 'GetProjectGrantByID',
    request: (f) => ({ projectId: f.projectId, grantId: f.other.orgId }),
    expected: { code: 5, errorId: 'PROJECT-GRANT-NOT-FOUND' },
  },
  {
    name: 'a list of user grants by project and role key',
    operation: 'ListUserGrants',
    request: (f) => ({
      query: { limit: 10, asc: true },
      queries: [
        { projectIdQuery: { projectId: f.projectId } },
        { roleKeyQuery: { roleKey: 'k', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } },
      ],
    }),
    expected: { code: 0 },
  },
  {
    name: 'a list of user grants with a foreign cursor',
    operation: 'ListUserGrants',
    request: () => ({ query: { cursor: 'not-a-cursor' } }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['query.cursor'] },
  },
  {
    name: 'a project of another organization',
    operation: 'GetProjectByID',
    request: (f) => ({ id: f.other.orgId }),
    expected: { code: 5, errorId: 'PROJECT-NOT-FOUND' },
  },
  {
    name: 'a user of another organization',
    operation: 'GetUserByID',
    request: (f) => ({ id: f.other.orgId }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: 'a project change',
    operation: 'UpdateProject',
    request: (f) => ({ id: f.projectId, name: 'Renamed', projectRoleCheck: true }),
    expected: {
      code: 0,
      shape: ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'],
    },
  },
  {
    name: 'a project with an empty name',
    operation: 'UpdateProject',
    request: (f) => ({ id: f.projectId, name: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['name'] },
  },
  {
    name: 'a project of no organization of the caller',
    operation: 'UpdateProject',
    request: () => ({ id: 'missing', name: 'X' }),
    expected: { code: 5, errorId: 'PROJECT-NOT-FOUND' },
  },
  {
    name: 'a project role',
    operation: 'AddProjectRole',
    request: (f) => ({ projectId: f.projectId, roleKey: 'keeper', displayName: ' Keeper ' }),
    expected: {
      code: 0,
      shape: ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'],
    },
  },
  {
    name: 'a project role whose key holds a space',
    operation: 'AddProjectRole',
    request: (f) => ({ projectId: f.projectId, roleKey: 'zoo keeper', displayName: 'Keeper' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['roleKey'] },
  },
  {
    name: 'an OpenID Connect application',
    operation: 'AddOIDCApplication',
    request: (f) => ({
      projectId: f.projectId,
      name: 'Zoo app',
      redirectUris: ['https://zoo.example/callback'],
      idTokenRoleAssertion: true,
    }),
    expected: {
      code: 0,
      shape: [
        'appId',
        'clientId',
        'clientSecret',
        'details',
        'details.changeDate',
        'details.resourceOwner',
        'details.sequence',
      ],
    },
  },
  {
    name: 'an application with a redirect URI that is not absolute',
    operation: 'AddOIDCApplication',
    request: (f) => ({ projectId: f.projectId, name: 'Zoo app', redirectUris: ['/callback'] }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['redirectUris[0]'] },
  },
  {
    name: 'a project grant to the project’s own organization',
    operation: 'AddProjectGrant',
    request: (f) => ({ projectId: f.projectId, grantedOrgId: f.owner.orgId }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['grantedOrgId'] },
  },
  {
    name: 'a user grant of a role the project does not have',
    operation: 'AddUserGrant',
    request: (f) => ({ userId: f.owner.userId, projectId: f.projectId, roleKeys: ['cook'] }),
    expected: { code: 5, errorId: 'PROJECT-ROLE-NOT-FOUND', fields: ['roleKeys[0]'] },
  },
  {
    name: 'a label policy with a logo (bytes over gRPC, base64 over JSON)',
    operation: 'SetLabelPolicy',
    request: () => ({ primaryColor: '#5469d4', logo: 'R0lGODlhAQABAAAAACw=' }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'a batch of a good user and one without a user name, each answered',
    operation: 'ImportHumanUsers',
    request: (f) => ({ users: [user(f, 'batched'), { ...user(f, 'blank'), userName: '' }] }),
    expected: { code: 0, shape: [...DETAILS, 'results'].sort() },
  },
  {
    name: 'a label policy with an SVG logo',
    operation: 'SetLabelPolicy',
    request: () => ({ logo: Buffer.from('<svg/>').toString('base64') }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['logo'] },
  },
  ...USER_LIFECYCLE_CASES,
  ...ORG_READ_CASES,
  ...PROJECT_LIFECYCLE_CASES,
  ...ORG_LIFECYCLE_CASES,
  ...LOGIN_POLICY_CASES,
  ...MACHINE_USER_CASES,
  ...MY_ACCOUNT_CASES,
  ...ACCOUNT_SECURITY_CASES,
  // Last: the transport's identity provider is removed in the end.
  ...IDP_CASES,
];
