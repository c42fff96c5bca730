import type { Case } from './transport-cases.js';

/** The cases of a user's life that test/integration/transports.test.ts sends. */

export type UserLifecycleOperation =
  | 'UpdateHumanProfile'
  | 'UpdateHumanPhone'
  | 'UpdateHumanEmail'
  | 'RemoveHumanPhone'
  | 'SetHumanPassword'
  | 'ResendHumanInitialization'
  | 'RemoveHumanAuthFactorOTP'
  | 'RemoveHumanPasswordless'
  | 'AddUserIDPLink'
  | 'RemoveUserIDPLink'
  | 'DeactivateUser'
  | 'ReactivateUser'
  | 'LockUser'
  | 'UnlockUser'
  | 'RemoveUser'
  | 'UpdateUserName'
  | 'UpdateUserExternalId'
  | 'SetUserMetadata'
  | 'BulkSetUserMetadata'
  | 'RemoveUserMetadata'
  | 'BulkRemoveUserMetadata';

/** The externalId of a person transports.test.ts makes in each transport's organization. */
export const TAKEN_EXTERNAL_ID = 'external-taken-by-fixture';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };

/** One change on the user `of` names, and what it answers. */
const on = (
  of: 'humanUserId' | 'machineUserId',
  operation: UserLifecycleOperation,
  name: string,
  expected: Case['expected'],
): Case => ({ name, operation, request: (f) => ({ id: f[of] }), expected });

/** A change of the person with these fields besides `userId`. */
const ofPerson = (
  operation: UserLifecycleOperation,
  name: string,
  fields: Record<string, unknown>,
  expected: Case['expected'],
): Case => ({ name, operation, request: (f) => ({ userId: f.humanUserId, ...fields }), expected });

/** The changes of a person, each then refused by the state it left or by its input. */
const PERSON_CASES: Case[] = [
  ofPerson(
    'UpdateHumanProfile',
    'a person’s profile',
    { firstName: 'Ada', lastName: 'Lovelace', gender: 'GENDER_FEMALE' },
    changed,
  ),
  ofPerson(
    'UpdateHumanProfile',
    'a profile without a first name',
    { firstName: '', lastName: 'Lovelace' },
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['firstName'] },
  ),
  {
    name: 'a profile of a machine user',
    operation: 'UpdateHumanProfile',
    request: (f) => ({ userId: f.machineUserId, firstName: 'M', lastName: 'U' }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  ofPerson(
    'UpdateHumanEmail',
    'a person’s email address, verified',
    { email: 'verified@zoo.example', isEmailVerified: true },
    changed,
  ),
  ofPerson(
    'UpdateHumanEmail',
    'an email address that is none',
    { email: 'not an address' },
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['email'] },
  ),
  ofPerson(
    'UpdateHumanPhone',
    'a person’s phone number',
    { phone: 'tel:+41791234567', isPhoneVerified: true },
    changed,
  ),
  ofPerson(
    'UpdateHumanPhone',
    'a phone number that is none',
    { phone: '0791234567' },
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['phone'] },
  ),
  ofPerson('RemoveHumanPhone', 'a person’s phone number’s removal', {}, changed),
  ofPerson(
    'RemoveHumanPhone',
    'a removal of a phone number that is gone',
    {},
    { code: 5, errorId: 'USER-PHONE-NOT-FOUND' },
  ),
  ofPerson('ResendHumanInitialization', 'an initialization email again', {}, changed),
  ofPerson('SetHumanPassword', 'a person’s password', { password: 'Zoo-keeper-1!' }, changed),
  ofPerson(
    'SetHumanPassword',
    'a password that is neither given nor hashed',
    {},
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['password'] },
  ),
  ofPerson(
    'ResendHumanInitialization',
    'an initialization email to an initialized person',
    {},
    { code: 9, errorId: 'USER-INITIALIZATION-NOT-DUE' },
  ),
  ofPerson(
    'RemoveHumanAuthFactorOTP',
    'a removal of a TOTP factor the person has not',
    {},
    { code: 5, errorId: 'USER-OTP-NOT-FOUND' },
  ),
  {
    name: 'a link to an identity at a provider',
    operation: 'AddUserIDPLink',
    request: (f) => ({ userId: f.humanUserId, idpId: f.idpId, providedUserId: `${f.prefix}-sub` }),
    expected: changed,
  },
  {
    name: 'a link to an identity linked already',
    operation: 'AddUserIDPLink',
    request: (f) => ({ userId: f.humanUserId, idpId: f.idpId, providedUserId: `${f.prefix}-sub` }),
    expected: { code: 6, errorId: 'USER-IDP-LINK-ALREADY-EXISTS' },
  },
  ofPerson(
    'AddUserIDPLink',
    'a link to a provider that is none of the organization’s',
    { idpId: 'none', providedUserId: 'sub' },
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['idpId'] },
  ),
  {
    name: 'a link’s removal',
    operation: 'RemoveUserIDPLink',
    request: (f) => ({ userId: f.humanUserId, idpId: f.idpId, linkedUserId: `${f.prefix}-sub` }),
    expected: changed,
  },
  {
    name: 'a removal of a link that is gone',
    operation: 'RemoveUserIDPLink',
    request: (f) => ({ userId: f.humanUserId, idpId: f.idpId, linkedUserId: `${f.prefix}-sub` }),
    expected: { code: 5, errorId: 'USER-IDP-LINK-NOT-FOUND' },
  },
  ofPerson(
    'RemoveHumanPasswordless',
    'a removal of a passkey the person has not',
    { tokenId: 'none' },
    { code: 5, errorId: 'PASSKEY-NOT-FOUND' },
  ),
];

/**
 * In this order on each transport's person (and its machine user, before the machine user's own
 * cases): each change, then the same change refused by the state it left; the removal last.
 */
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A user's metadata, a person's and a machine user's, and a person's user name. */
const METADATA_CASES: Case[] = [
  {
    name: 'a person’s metadata entry',
    operation: 'SetUserMetadata',
    request: (f) => ({ id: f.humanUserId, key: 'department', value: base64('Sales') }),
    expected: changed,
  },
  {
    name: 'a metadata key that is none',
    operation: 'SetUserMetadata',
    request: (f) => ({ id: f.humanUserId, key: '-x', value: base64('x') }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['key'] },
  },
  {
    name: 'a machine user’s metadata, in bulk',
    operation: 'BulkSetUserMetadata',
    request: (f) => ({ id: f.machineUserId, metadata: [{ key: 'team', value: base64('ops') }] }),
    expected: changed,
  },
  {
    name: 'a machine user’s metadata removed, in bulk',
    operation: 'BulkRemoveUserMetadata',
    request: (f) => ({ id: f.machineUserId, keys: ['team'] }),
    expected: changed,
  },
  {
    name: 'a person’s metadata entry removed',
    operation: 'RemoveUserMetadata',
    request: (f) => ({ id: f.humanUserId, key: 'department' }),
    expected: changed,
  },
  {
    name: 'a metadata entry the person has not',
    operation: 'RemoveUserMetadata',
    request: (f) => ({ id: f.humanUserId, key: 'department' }),
    expected: { code: 5, errorId: 'USER-METADATA-NOT-FOUND' },
  },
  {
    name: 'a person’s new user name',
    operation: 'UpdateUserName',
    request: (f) => ({ userId: f.humanUserId, userName: `renamed-${f.prefix}` }),
    expected: changed,
  },
  {
    name: 'a user name taken, in another case',
    operation: 'UpdateUserName',
    request: (f) => ({ userId: f.humanUserId, userName: 'TAKEN-BY-FIXTURE' }),
    expected: { code: 6, errorId: 'USER-ALREADY-EXISTS' },
  },
  ofPerson('UpdateUserExternalId', 'a person’s externalId', { externalId: 'hr-1042' }, changed),
  ofPerson('UpdateUserExternalId', 'the same externalId again', { externalId: 'hr-1042' }, changed),
  ofPerson(
    'UpdateUserExternalId',
    'an externalId another person of the organization has',
    { externalId: TAKEN_EXTERNAL_ID },
    { code: 6, errorId: 'USER-EXTERNAL-ID-ALREADY-EXISTS' },
  ),
  ofPerson(
    'UpdateUserExternalId',
    'an externalId longer than any',
    { externalId: 'x'.repeat(201) },
    { code: 3, errorId: 'REQUEST-INVALID', fields: ['externalId'] },
  ),
  {
    name: 'a machine user’s externalId',
    operation: 'UpdateUserExternalId',
    request: (f) => ({ userId: f.machineUserId, externalId: 'hr-1043' }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  ofPerson('UpdateUserExternalId', 'a person’s externalId removed', { externalId: '' }, changed),
];

export const USER_LIFECYCLE_CASES: Case[] = [
  on('humanUserId', 'LockUser', 'a person’s lock', changed),
  on('humanUserId', 'LockUser', 'a lock of a locked person', {
    code: 9,
    errorId: 'USER-NOT-ACTIVE',
  }),
  on('humanUserId', 'ReactivateUser', 'a reactivation of a locked person', {
    code: 9,
    errorId: 'USER-NOT-INACTIVE',
  }),
  on('humanUserId', 'UnlockUser', 'a person’s unlock', changed),
  on('humanUserId', 'UnlockUser', 'an unlock of an unlocked person', {
    code: 9,
    errorId: 'USER-NOT-LOCKED',
  }),
  on('humanUserId', 'DeactivateUser', 'a person’s deactivation', changed),
  on('humanUserId', 'DeactivateUser', 'a deactivation of a deactivated person', {
    code: 9,
    errorId: 'USER-NOT-ACTIVE',
  }),
  on('humanUserId', 'ReactivateUser', 'a person’s reactivation', changed),
  on('machineUserId', 'LockUser', 'a machine user’s lock', changed),
  on('machineUserId', 'UnlockUser', 'a machine user’s unlock', changed),
  ...PERSON_CASES,
  ...METADATA_CASES,
  on('humanUserId', 'RemoveUser', 'a person’s removal', changed),
  on('humanUserId', 'RemoveUser', 'a removal of a removed person', {
    code: 5,
    errorId: 'USER-NOT-FOUND',
  }),
  {
    name: 'the caller’s own deactivation',
    operation: 'DeactivateUser',
    request: (f) => ({ id: f.owner.userId }),
    expected: { code: 9, errorId: 'USER-IS-CALLER' },
  },
  {
    name: 'a deactivation of a user of another organization',
    operation: 'DeactivateUser',
    request: (f) => ({ id: f.other.userId }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: 'a lock of an id longer than any',
    operation: 'LockUser',
    request: () => ({ id: 'x'.repeat(201) }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['id'] },
  },
];
