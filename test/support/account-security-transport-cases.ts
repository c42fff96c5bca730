import type { Case } from './transport-cases.js';

/** The cases of the account page's TOTP and session operations that transports.test.ts sends. */

export type AccountSecurityOperation =
  | 'ListMyAuthFactors'
  | 'AddMyAuthFactorOTP'
  | 'VerifyMyAuthFactorOTP'
  | 'RemoveMyAuthFactorOTP'
  | 'ListMyUserSessions'
  | 'EndMyUserSession'
  | 'EndAllMyUserSessions';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];

/**
 * What the owner's token (a test token, no sign-in) reaches: no recent sign-in for the TOTP
 * changes, nothing pending to confirm, no session to end; each said alike over every transport.
 */
export const ACCOUNT_SECURITY_CASES: Case[] = [
  {
    name: 'a TOTP factor added without a recent sign-in',
    operation: 'AddMyAuthFactorOTP',
    request: () => ({}),
    expected: { code: 16, errorId: 'REAUTHENTICATION-REQUIRED' },
  },
  {
    name: 'a TOTP factor removed without a recent sign-in',
    operation: 'RemoveMyAuthFactorOTP',
    request: () => ({}),
    expected: { code: 16, errorId: 'REAUTHENTICATION-REQUIRED' },
  },
  {
    name: 'an empty TOTP code',
    operation: 'VerifyMyAuthFactorOTP',
    request: () => ({ code: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['code'] },
  },
  {
    name: 'a TOTP code with no TOTP factor being added',
    operation: 'VerifyMyAuthFactorOTP',
    request: () => ({ code: '123456' }),
    expected: { code: 9, errorId: 'USER-OTP-NOT-PENDING' },
  },
  {
    name: 'the ways a machine user signs in, which has none of a person’s',
    operation: 'ListMyAuthFactors',
    request: () => ({}),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 9, errorId: 'AUTH-NOT-A-PERSON' },
  },
  {
    name: 'the sessions of a machine user, which has none',
    operation: 'ListMyUserSessions',
    request: () => ({}),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 9, errorId: 'AUTH-NOT-A-PERSON' },
  },
  {
    name: 'a session that is not the caller’s',
    operation: 'EndMyUserSession',
    request: () => ({ id: 'no-such-session' }),
    expected: { code: 5, errorId: 'SESSION-NOT-FOUND' },
  },
  {
    name: 'every other session, when there is none',
    operation: 'EndAllMyUserSessions',
    request: () => ({}),
    expected: { code: 0, shape: [...DETAILS, 'ended'].sort() },
  },
];
