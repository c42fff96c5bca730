import type { Case } from './transport-cases.js';

/** The cases of one's own password and email that test/integration/transports.test.ts sends. */

export type MyAccountOperation =
  | 'GetMyPasswordComplexityPolicy'
  | 'UpdateMyPassword'
  | 'GetMyEmail'
  | 'SetMyEmail'
  | 'VerifyMyEmail'
  | 'ResendMyEmailVerification';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];

/** In this order: the email set first is the one waiting when it is read and its link resent. */
export const MY_ACCOUNT_CASES: Case[] = [
  {
    name: 'the password policy',
    operation: 'GetMyPasswordComplexityPolicy',
    request: () => ({}),
    expected: { code: 0, shape: ['policy'] },
  },
  {
    name: 'a password change with a wrong current password',
    operation: 'UpdateMyPassword',
    request: () => ({ oldPassword: 'not-the-password', newPassword: 'Transport-new-1!' }),
    expected: { code: 3, errorId: 'USER-PASSWORD-INVALID' },
  },
  {
    name: 'a password change to a password the policy refuses',
    operation: 'UpdateMyPassword',
    request: () => ({ oldPassword: 'whatever', newPassword: 'short' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['newPassword'] },
  },
  {
    name: 'a password change by a machine user',
    operation: 'UpdateMyPassword',
    request: () => ({ oldPassword: 'x', newPassword: 'Transport-new-1!' }),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 9, errorId: 'AUTH-NOT-A-PERSON' },
  },
  {
    name: 'a new email address',
    operation: 'SetMyEmail',
    request: (f) => ({ email: `${f.prefix}-moved@example.com` }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'an email that is no address',
    operation: 'SetMyEmail',
    request: () => ({ email: 'not an address' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['email'] },
  },
  {
    name: 'the email with the address waiting',
    operation: 'GetMyEmail',
    request: () => ({}),
    expected: { code: 0, shape: [...DETAILS, 'email', 'pendingEmail'] },
  },
  {
    name: 'the verification link again',
    operation: 'ResendMyEmailVerification',
    request: () => ({}),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'a verification code that is none of the caller’s',
    operation: 'VerifyMyEmail',
    request: () => ({ code: 'not-a-code' }),
    expected: { code: 3, errorId: 'USER-EMAIL-CODE-INVALID' },
  },
  {
    name: 'a verification without a code',
    operation: 'VerifyMyEmail',
    request: () => ({ code: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['code'] },
  },
];
