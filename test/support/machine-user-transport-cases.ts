import { generateKeyPairSync } from 'node:crypto';
import type { Case } from './transport-cases.js';

/** The machine user and organization member cases test/integration/transports.test.ts sends. */

export type MachineUserOperation =
  | 'AddMachineUser'
  | 'UpdateMachineUser'
  | 'RemoveMachineUser'
  | 'DeactivateMachineUser'
  | 'ReactivateMachineUser'
  | 'AddMachineSecret'
  | 'RemoveMachineSecret'
  | 'AddMachineKey'
  | 'RemoveMachineKey'
  | 'AddPersonalAccessToken'
  | 'RemovePersonalAccessToken'
  | 'AddOrgMember'
  | 'UpdateOrgMember'
  | 'RemoveOrgMember';

/** What transports.test.ts makes for these cases: a machine user per transport, a taken name. */
export const TAKEN_MACHINE_NAME = 'machine-taken-by-fixture';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };
const ecPublicKey = Buffer.from(
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    type: 'spki',
    format: 'pem',
  }),
).toString('base64');

/**
 * In this order on each transport's machine user: changes that succeed and those its state then
 * refuses, each refusal the same when it is sent again; its removal last.
 */
export const MACHINE_USER_CASES: Case[] = [
  {
    name: 'a machine user',
    operation: 'AddMachineUser',
    request: (f) => ({ userName: `${f.prefix}-machine`, name: ' Importer ', description: 'x' }),
    expected: { code: 0, shape: ['userId', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'a machine user with a taken userName',
    operation: 'AddMachineUser',
    request: () => ({ userName: TAKEN_MACHINE_NAME.toUpperCase(), name: 'Taken' }),
    expected: { code: 6, errorId: 'MACHINE-USER-ALREADY-EXISTS' },
  },
  {
    name: 'a machine user with an empty name',
    operation: 'AddMachineUser',
    request: (f) => ({ userName: `${f.prefix}-nameless`, name: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['name'] },
  },
  {
    name: 'a machine user’s new name',
    operation: 'UpdateMachineUser',
    request: (f) => ({ userId: f.machineUserId, name: 'Renamed', description: 'Nightly' }),
    expected: changed,
  },
  {
    name: 'a machine user of no organization of the caller',
    operation: 'UpdateMachineUser',
    request: () => ({ userId: 'missing', name: 'X' }),
    expected: { code: 5, errorId: 'MACHINE-USER-NOT-FOUND' },
  },
  {
    name: 'a deactivation',
    operation: 'DeactivateMachineUser',
    request: (f) => ({ userId: f.machineUserId }),
    expected: changed,
  },
  {
    name: 'a reactivation',
    operation: 'ReactivateMachineUser',
    request: (f) => ({ userId: f.machineUserId }),
    expected: changed,
  },
  {
    name: 'a reactivation of an active machine user',
    operation: 'ReactivateMachineUser',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 9, errorId: 'MACHINE-USER-NOT-INACTIVE' },
  },
  {
    name: 'a client secret',
    operation: 'AddMachineSecret',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 0, shape: ['clientId', 'clientSecret', ...DETAILS] },
  },
  {
    name: 'the client secret’s removal',
    operation: 'RemoveMachineSecret',
    request: (f) => ({ userId: f.machineUserId }),
    expected: changed,
  },
  {
    name: 'the removal of a client secret there is not',
    operation: 'RemoveMachineSecret',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 5, errorId: 'MACHINE-SECRET-NOT-FOUND' },
  },
  {
    name: 'a key pair made by the service, with an expiry (a Timestamp over gRPC)',
    operation: 'AddMachineKey',
    request: (f) => ({
      userId: f.machineUserId,
      type: 'KEY_TYPE_JSON',
      expirationDate: '2099-01-01T00:00:00Z',
    }),
    expected: { code: 0, shape: ['keyId', 'keyDetails', ...DETAILS] },
  },
  {
    name: 'a public key of the caller’s (bytes over gRPC, base64 over JSON)',
    operation: 'AddMachineKey',
    request: (f) => ({ userId: f.machineUserId, publicKey: ecPublicKey }),
    expected: { code: 0, shape: ['keyId', ...DETAILS] },
  },
  {
    name: 'a key that expired',
    operation: 'AddMachineKey',
    request: (f) => ({ userId: f.machineUserId, expirationDate: '2001-02-03T04:05:06.789Z' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['expirationDate'] },
  },
  {
    name: 'a public key that is none',
    operation: 'AddMachineKey',
    request: (f) => ({ userId: f.machineUserId, publicKey: 'bm90IGEga2V5' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['publicKey'] },
  },
  {
    name: 'the removal of an unknown key',
    operation: 'RemoveMachineKey',
    request: (f) => ({ userId: f.machineUserId, keyId: 'missing' }),
    expected: { code: 5, errorId: 'MACHINE-KEY-NOT-FOUND' },
  },
  {
    name: 'a personal access token',
    operation: 'AddPersonalAccessToken',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 0, shape: ['tokenId', 'token', ...DETAILS] },
  },
  {
    name: 'the removal of an unknown personal access token',
    operation: 'RemovePersonalAccessToken',
    request: (f) => ({ userId: f.machineUserId, tokenId: 'missing' }),
    expected: { code: 5, errorId: 'PERSONAL-ACCESS-TOKEN-NOT-FOUND' },
  },
  {
    name: 'roles for the machine user',
    operation: 'AddOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_USER_MANAGER', 'ORG_OWNER'] }),
    expected: changed,
  },
  {
    name: 'roles for a member already',
    operation: 'AddOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_OWNER'] }),
    expected: { code: 6, errorId: 'ORG-MEMBER-ALREADY-EXISTS' },
  },
  {
    name: 'roles for a user of another organization',
    operation: 'AddOrgMember',
    request: () => ({ userId: 'missing', roles: ['ORG_OWNER'] }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: 'a role no organization member can hold',
    operation: 'AddOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['IAM_OWNER'] }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['roles[0]'] },
  },
  {
    name: 'the machine user’s roles replaced',
    operation: 'UpdateOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_PROJECT_OWNER'] }),
    expected: changed,
  },
  {
    name: 'the machine user’s roles as they are',
    operation: 'UpdateOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_PROJECT_OWNER'] }),
    expected: changed,
  },
  {
    name: 'a member’s role no organization member can hold',
    operation: 'UpdateOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_PROJECT_OWNER', 'IAM_OWNER'] }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['roles[1]'] },
  },
  {
    name: 'the machine user’s roles taken',
    operation: 'RemoveOrgMember',
    request: (f) => ({ userId: f.machineUserId }),
    expected: changed,
  },
  {
    name: 'the roles of no member taken',
    operation: 'RemoveOrgMember',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 5, errorId: 'ORG-MEMBER-NOT-FOUND' },
  },
  {
    name: 'the roles of no member replaced',
    operation: 'UpdateOrgMember',
    request: (f) => ({ userId: f.machineUserId, roles: ['ORG_OWNER'] }),
    expected: { code: 5, errorId: 'ORG-MEMBER-NOT-FOUND' },
  },
  {
    name: 'the machine user’s removal',
    operation: 'RemoveMachineUser',
    request: (f) => ({ userId: f.machineUserId }),
    expected: changed,
  },
];
