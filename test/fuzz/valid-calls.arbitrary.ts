import { accountSecurityCall } from './account-security-calls.arbitrary.js';
import fc from 'fast-check';
import { operations } from '../../services/api/operations/operations.js';
import type { Operation } from '../../services/api/operations/operation.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { machineUserCall } from './machine-user-calls.arbitrary.js';
import { projectAccessCall } from './project-access-calls.arbitrary.js';
import { orgLifecycleCall } from './org-lifecycle-calls.arbitrary.js';
import { loginPolicyCall } from './login-policy-calls.arbitrary.js';
import { idpCall } from './idp-calls.arbitrary.js';
import { projectPartReadCall, userReadCall } from './user-read-calls.arbitrary.js';

/**
 * Valid calls of every operation: the starting point that the mutations bend, and, unmutated,
 * the calls that must succeed. Each is transport-neutral: the request message in its proto3 JSON
 * shape (path fields included), the caller's token and the target organization.
 */
export interface ValidCall {
  operation: Operation;
  message: Record<string, unknown>;
  token: string;
  orgId?: string;
}

const operationNamed = (method: string): Operation =>
  operations.find((operation) => operation.name === method)!;

/**
 * A value no other request of a campaign has: unbiased, because fast-check's bias towards small
 * values would hand out the same few names again and again.
 */
export const unique = fc
  .noBias(fc.bigInt({ min: 0n, max: 2n ** 52n }))
  .map((value) => value.toString(36));

/** Names that are valid but not plain: trimmed, case-folded, non-Latin, astral. */
const namePrefix = fc.constantFrom(
  '',
  'user.',
  ' padded ',
  'ÜNÏCODE-',
  'İstanbul-',
  '山田-',
  '😀-',
);
const personName = fc.constantFrom('Ada', 'Grace', "O'Brien", 'José', 'Zoë', '山田', 'Σίσυφος');
const gender = fc.constantFrom(
  'GENDER_UNSPECIFIED',
  'GENDER_FEMALE',
  'GENDER_MALE',
  'GENDER_DIVERSE',
);
const language = fc.constantFrom('de-ch', 'en', 'fr-CA', 'zh-Hant-TW', 'sr-Latn-RS', 'und');
const phone = fc.constantFrom('+41 79 123 45 67', 'tel:+1-201-555-0123', '+44 20 7946 0958');

/** A profile in the import's shape (displayName optional there). */
const profile = fc.record(
  {
    firstName: personName,
    lastName: personName,
    nickName: fc.constantFrom('', 'Nick', 'ニック'),
    displayName: fc.constantFrom('Ada Lovelace', '  The Countess  '),
    preferredLanguage: language,
    gender,
  },
  { requiredKeys: ['firstName', 'lastName'] },
);

function importCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const credential = fc.oneof(
    fc.constant({}),
    fc
      .constantFrom(...FOREIGN_VECTORS.map((vector) => vector.encoded))
      .map((value) => ({ hashedPassword: { value } })),
    // Hashed with argon2id by the service: rare, each one takes a core for a while.
    { weight: 1, arbitrary: fc.constant({ password: 'Sup3r-secret!' }) },
  );
  return fc
    .record({
      prefix: namePrefix,
      id: unique,
      profile,
      isEmailVerified: fc.option(fc.boolean(), { nil: undefined }),
      phone: fc.option(fc.record({ phone, isPhoneVerified: fc.boolean() }), { nil: undefined }),
      credential,
      passwordChangeRequired: fc.option(fc.boolean(), { nil: undefined }),
      requestPasswordlessRegistration: fc.option(fc.boolean(), { nil: undefined }),
      otpCode: fc.option(fc.constant('JBSWY3DPEHPK3PXP'), { nil: undefined }),
      idps: fc.option(fc.constantFrom('', 'Jane @ IdP'), { nil: undefined }),
      // A few, so that some imports find the user an earlier one made (alreadyExisted).
      externalId: fc.option(fc.constantFrom('kc:1', 'kc:2', 'auth0|3', 'Ä 4'), { nil: undefined }),
      explicitOrg: fc.boolean(),
    })
    .map((draw) => {
      const message: Record<string, unknown> = {
        userName: `${draw.prefix}${draw.id}`,
        profile: draw.profile,
        email: withoutUndefined({
          email: `${draw.id}@example.com`,
          isEmailVerified: draw.isEmailVerified,
        }),
        phone: draw.phone,
        ...draw.credential,
        passwordChangeRequired: draw.passwordChangeRequired,
        requestPasswordlessRegistration: draw.requestPasswordlessRegistration,
        otpCode: draw.otpCode,
        externalId: draw.externalId,
        idps:
          draw.idps === undefined
            ? undefined
            : [
                {
                  configId: fixtures.idpId,
                  externalUserId: `ext-${draw.id}`,
                  displayName: draw.idps,
                },
              ],
      };
      return {
        operation: operationNamed('ImportHumanUser'),
        message: withoutUndefined(message),
        token: fixtures.owner.token,
        orgId: draw.explicitOrg ? fixtures.orgId : undefined,
      };
    });
}

/** ImportHumanUsers: a few of the single imports' users, an email option, as the owner. */
function batchImportCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  return fc
    .record({
      calls: fc.array(importCall(fixtures), { minLength: 1, maxLength: 4 }),
      sendInitializationEmail: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ calls, sendInitializationEmail }) => ({
      operation: operationNamed('ImportHumanUsers'),
      message: withoutUndefined({
        users: calls.map((call) => call.message),
        sendInitializationEmail,
      }),
      token: fixtures.owner.token,
    }));
}

function updateMyProfileCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  return fc
    .record({
      caller: fc.constantFrom(fixtures.member, fixtures.owner),
      profile: fc.record(
        {
          firstName: personName,
          lastName: personName,
          nickName: fc.constantFrom('Nick', 'ニック'),
          displayName: fc.constantFrom('Ada', 'Ada L.', 'Ада'),
          preferredLanguage: language,
          gender,
        },
        { requiredKeys: ['firstName', 'lastName', 'displayName'] },
      ),
    })
    .map(({ caller, profile }) => ({
      operation: operationNamed('UpdateMyProfile'),
      message: profile,
      token: caller.token,
    }));
}

function updateProjectCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  return fc
    .record({
      id: fc.constantFrom(...fixtures.projectIds),
      // A few shared names, so that some updates collide (409) and some change nothing.
      name: fc.oneof(
        fc.constantFrom('Rocket', 'rocket ', 'Ракета'),
        unique.map((id) => `P ${id}`),
      ),
      projectRoleAssertion: fc.boolean(),
      projectRoleCheck: fc.boolean(),
      hasProjectCheck: fc.boolean(),
      privateLabelingSetting: fc.constantFrom(
        'PRIVATE_LABELING_SETTING_UNSPECIFIED',
        'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
        'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY',
      ),
      explicitOrg: fc.boolean(),
    })
    .map(({ explicitOrg, ...message }) => ({
      operation: operationNamed('UpdateProject'),
      message,
      token: fixtures.owner.token,
      orgId: explicitOrg ? fixtures.orgId : undefined,
    }));
}

function getMyProfileCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  return fc
    .record({
      caller: fc.constantFrom(fixtures.member, fixtures.owner),
      method: fc.constantFrom('GetMyProfile', 'GetMyLabelPolicy'),
    })
    .map(({ caller, method }) => ({
      operation: operationNamed(method),
      message: {},
      token: caller.token,
    }));
}

/**
 * The passkey operations: list, rename and remove the fixtures' passkeys (once removed, a rename
 * or removal of one is PASSKEY-NOT-FOUND), begin adding one, and finish a ceremony with an answer
 * that is no WebAuthn credential (PASSKEY-CEREMONY-EXPIRED: an arbitrary cannot sign a challenge).
 */
function passkeyCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const caller = fc.constantFrom(fixtures.member, fixtures.owner);
  const passkeyId = fc.constantFrom(...fixtures.passkeyIds);
  const named = (method: string, message: Record<string, unknown>, token: string) => ({
    operation: operationNamed(method),
    message,
    token,
  });
  return fc.oneof(
    caller.map(({ token }) => named('ListMyPasskeys', {}, token)),
    fc
      .record({
        id: passkeyId,
        name: fc.constantFrom('Laptop', ' Phone ', 'Schlüssel 🔑', 'x'.repeat(100)),
      })
      .map((message) => named('RenameMyPasskey', message, fixtures.owner.token)),
    passkeyId.map((id) => named('RemoveMyPasskey', { id }, fixtures.owner.token)),
    fc.constant(named('StartMyPasskeyRegistration', {}, fixtures.recentlySignedIn)),
    unique.map((id) =>
      named(
        'FinishMyPasskeyRegistration',
        {
          ceremonyId: `ceremony-${id}`,
          credential: { id, rawId: id, type: 'public-key', response: {} },
          name: 'Key',
        },
        fixtures.recentlySignedIn,
      ),
    ),
  );
}

/**
 * The operations of one's own password and email, by the fixtures' person with a password: the
 * policy, a change to the same password (so the next call's current one is still right), the
 * email read, a new address asked for, its link again, and a code that is none of theirs
 * (USER-EMAIL-CODE-INVALID: an arbitrary cannot read the email).
 */
function accountCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const { token, password } = fixtures.account;
  const named = (method: string, message: Record<string, unknown>) => ({
    operation: operationNamed(method),
    message,
    token,
  });
  return fc.oneof(
    fc.constant(named('GetMyPasswordComplexityPolicy', {})),
    fc.constant(named('UpdateMyPassword', { oldPassword: password, newPassword: password })),
    fc.constant(named('GetMyEmail', {})),
    unique.map((id) => named('SetMyEmail', { email: `moved-${id}@example.com` })),
    fc.constant(named('ResendMyEmailVerification', {})),
    unique.map((code) => named('VerifyMyEmail', { code })),
  );
}

/**
 * A valid call of any operation, the three writes, the projects' access and the machine users
 * more often than the reads and passkeys.
 */
export function validCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  return fc.oneof(
    { weight: 4, arbitrary: importCall(fixtures) },
    { weight: 1, arbitrary: batchImportCall(fixtures) },
    { weight: 3, arbitrary: updateMyProfileCall(fixtures) },
    { weight: 3, arbitrary: updateProjectCall(fixtures) },
    { weight: 1, arbitrary: getMyProfileCall(fixtures) },
    { weight: 2, arbitrary: passkeyCall(fixtures) },
    { weight: 2, arbitrary: accountCall(fixtures) },
    { weight: 3, arbitrary: projectAccessCall(fixtures) },
    { weight: 3, arbitrary: machineUserCall(fixtures) },
    { weight: 2, arbitrary: userReadCall(fixtures) },
    { weight: 1, arbitrary: projectPartReadCall(fixtures) },
    { weight: 1, arbitrary: orgLifecycleCall(fixtures) },
    { weight: 1, arbitrary: loginPolicyCall(fixtures) },
    { weight: 2, arbitrary: idpCall(fixtures) },
    { weight: 1, arbitrary: accountSecurityCall(fixtures) },
  );
}

/** The import the campaign sends after every batch to see that the service still answers. */
export function livenessImport(fixtures: FuzzFixtures, userName: string): ValidCall {
  return {
    operation: operationNamed('ImportHumanUser'),
    message: {
      userName,
      profile: { firstName: 'Still', lastName: 'Answering' },
      email: { email: `${userName}@example.com`, isEmailVerified: true },
    },
    token: fixtures.owner.token,
  };
}

function withoutUndefined(message: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined));
}
