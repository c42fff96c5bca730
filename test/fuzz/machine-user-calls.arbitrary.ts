import fc from 'fast-check';
import { generateKeyPairSync } from 'node:crypto';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { unique, type ValidCall } from './valid-calls.arbitrary.js';

/** Public keys of the kinds AddMachineKey takes, as its JSON takes them (PEM, base64). */
const publicKey = fc.constantFrom(
  ...[generateKeyPairSync('ec', { namedCurve: 'P-256' }), generateKeyPairSync('ed25519')].map(
    ({ publicKey: key }) =>
      Buffer.from(key.export({ type: 'spki', format: 'pem' })).toString('base64'),
  ),
);
/** Expiries in the future, in the forms RFC 3339 allows. */
const expirationDate = fc.constantFrom(
  '2099-01-01T00:00:00Z',
  '2030-06-30T12:00:00.123456789+02:00',
  '9999-12-31T23:59:59Z',
);
const roles = fc.uniqueArray(
  fc.constantFrom('ORG_OWNER', 'ORG_USER_MANAGER', 'ORG_PROJECT_OWNER'),
  {
    minLength: 1,
    maxLength: 3,
  },
);
/** Ids of keys and tokens: none is stored under them, so these answer not found. */
const unknownId = fc.uuid();

/**
 * The machine user operations on the fixtures' machine users, as the owner: new machine users,
 * changes, deactivations and reactivations (refused when the last left it so), credentials made
 * (a pair without a public key: an RSA key on the thread pool) and removals of ones that are not
 * there, memberships given, replaced and taken (refused while held, or not), locks and unlocks (as
 * DeactivateUser and the rest take a user of either kind); and the removal of the second machine
 * user, after which its calls are not found.
 */
export function machineUserCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const [first, second] = fixtures.machineUserIds;
  const userId = fc.constantFrom(first, second);
  const as = callsAs(fixtures);
  const name = fc.constantFrom('Importer', ' Nightly job ', 'Импорт', '🤖');
  const description = fc.constantFrom('', 'Imports sign-ups', 'd'.repeat(1000));
  const optional = { requiredKeys: ['userId'] as 'userId'[] };
  return fc.oneof(
    fc
      .record({ userName: unique.map((id) => `machine-${id}`), name, description })
      .map(as('AddMachineUser')),
    fc.record({ userId, name, description }).map(as('UpdateMachineUser')),
    fc.record({ userId }).map(as('DeactivateMachineUser')),
    fc.record({ userId }).map(as('ReactivateMachineUser')),
    fc.record({ userId }).map(as('AddMachineSecret')),
    fc.record({ userId }).map(as('RemoveMachineSecret')),
    fc
      .record({ userId, expirationDate, publicKey, type: fc.constant('KEY_TYPE_JSON') }, optional)
      .map(as('AddMachineKey')),
    fc.record({ userId, keyId: unknownId }).map(as('RemoveMachineKey')),
    fc.record({ userId, expirationDate }, optional).map(as('AddPersonalAccessToken')),
    fc.record({ userId, tokenId: unknownId }).map(as('RemovePersonalAccessToken')),
    fc.record({ userId, roles }).map(as('AddOrgMember')),
    fc.record({ userId, roles }).map(as('UpdateOrgMember')),
    fc.record({ userId }).map(as('RemoveOrgMember')),
    fc.constant({ userId: second }).map(as('RemoveMachineUser')),
    // The user lifecycle on the same machine users, and on ids nobody has (not found).
    fc
      .record({
        id: fc.oneof(userId, unknownId),
        method: fc.constantFrom('LockUser', 'UnlockUser', 'DeactivateUser', 'ReactivateUser'),
      })
      .map(({ id, method }) => as(method)({ id })),
    fc.record({ id: unknownId }).map(as('RemoveUser')),
    // A person's changes, on the member (whose token stays good) and on ids nobody has.
    fc
      .record({
        userId: fc.oneof(fc.constant(fixtures.member.userId), unknownId),
        firstName: name,
        lastName: name,
        gender: fc.constantFrom('GENDER_FEMALE', 'GENDER_DIVERSE'),
      })
      .map(as('UpdateHumanProfile')),
    fc
      .record({
        userId: fc.constant(fixtures.member.userId),
        phone: fc.constantFrom('+41791234567', 'tel:+1-202-555-0143', '+4930123456'),
        isPhoneVerified: fc.boolean(),
      })
      .map(as('UpdateHumanPhone')),
    fc.constant({ userId: fixtures.member.userId }).map(as('RemoveHumanPhone')),
    fc
      .record({
        userId: fc.constant(fixtures.member.userId),
        email: fc.constantFrom('member@zoo.example', 'other@zoo.example'),
        isEmailVerified: fc.boolean(),
      })
      .map(as('UpdateHumanEmail')),
    fc
      .record({ userId: fc.constant(fixtures.member.userId), noChangeRequired: fc.boolean() })
      .map((call) => as('SetHumanPassword')({ ...call, password: 'Fuzz-keeper-1!' })),
    fc.constant({ userId: fixtures.member.userId }).map(as('ResendHumanInitialization')),
    fc.constant({ userId: fixtures.member.userId }).map(as('RemoveHumanAuthFactorOTP')),
    fc
      .record({ userId: fc.constant(fixtures.member.userId), tokenId: unknownId })
      .map(as('RemoveHumanPasswordless')),
    fc
      .record({
        userId: fc.constant(fixtures.member.userId),
        idpId: fc.constantFrom(fixtures.idpId, 'none'),
        providedUserId: fc.constantFrom('sub-1', 'sub-2', 'ü'),
      })
      .map(as('AddUserIDPLink')),
    fc
      .record({
        userId: fc.constant(fixtures.member.userId),
        idpId: fc.constant(fixtures.idpId),
        linkedUserId: fc.constantFrom('sub-1', 'sub-2', 'ü'),
      })
      .map(as('RemoveUserIDPLink')),
    metadataCall(fc.oneof(userId, fc.constant(fixtures.member.userId), unknownId), as),
    // A machine user's new name (a person's would change the one the fixtures sign in with).
    fc.record({ userId, userName: unique.map((id) => `renamed-${id}`) }).map(as('UpdateUserName')),
    // The person's externalId: a few, so that some are taken, the same again, removed; a machine
    // user has none to change.
    fc
      .record({
        userId: fc.oneof(fc.constant(fixtures.member.userId), userId),
        externalId: fc.constantFrom('hr-1', 'hr-2', '', 'ü'),
      })
      .map(as('UpdateUserExternalId')),
  );
}

/** A few keys, so that sets replace, removals find them or not, and lists have something. */
const metadataKey = fc.constantFrom('department', 'scim.title', 'cost:center', 'ü-not-a-key');
const metadataValue = fc.constantFrom(
  'U2FsZXM=',
  'AP8B',
  Buffer.from('x'.repeat(300)).toString('base64'),
);

/** The user metadata operations on the fixtures' users (a person and machine users) and ids nobody has. */
function metadataCall(
  id: fc.Arbitrary<string>,
  as: ReturnType<typeof callsAs>,
): fc.Arbitrary<ValidCall> {
  const entries = fc.uniqueArray(fc.record({ key: metadataKey, value: metadataValue }), {
    selector: (entry) => entry.key,
    minLength: 1,
    maxLength: 3,
  });
  return fc.oneof(
    fc.record({ id, key: metadataKey, value: metadataValue }).map(as('SetUserMetadata')),
    fc.record({ id, metadata: entries }).map(as('BulkSetUserMetadata')),
    fc.record({ id, key: metadataKey }).map(as('RemoveUserMetadata')),
    fc
      .record({ id, keys: fc.uniqueArray(metadataKey, { minLength: 1, maxLength: 3 }) })
      .map(as('BulkRemoveUserMetadata')),
    fc.record({ id, key: metadataKey }).map(as('GetUserMetadata')),
    fc.record({ id }).map(as('ListUserMetadata')),
  );
}
