import { StatusCode } from './status-code.js';

/** What a caller is told of one condition, whatever the transport. */
export interface CatalogueEntry {
  code: StatusCode;
  /** The HTTP status over JSON; none for a condition only gRPC-web can meet. */
  http?: number;
  /** When it is answered, as docs/reference/errors.md says (generated from here). */
  when: string;
  /**
   * What the caller reads in the error's message when nothing more is known. An error that knows
   * more (the fields of a bad request, the seconds to wait) says so in its own message.
   */
  message: string;
}

/**
 * Every condition a caller can be answered with, by its stable id (the `identity.v1.ErrorDetail`
 * id): its code, its HTTP status and when. docs/reference/errors.md is generated from it (`npm run
 * reference`); a ServiceError can only be made with an id from here.
 */
export const ERROR_CATALOGUE = {
  'REQUEST-INVALID': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: 'the body is not JSON, or the request breaks its schema (unknown field, bad enum, too long or empty) or a rule of the operation (password policy, unsupported hash, password with hashedPassword, phone not global, otpCode not base32); text not well-formed Unicode; a path parameter not percent-encoded UTF-8; a body not decompressing as its Content-Encoding says; a gRPC message no method can decode. The google.rpc.BadRequest names every field',
    message: 'invalid request',
  },
  'REQUEST-MALFORMED': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: 'the request is not HTTP/1.1, refused by the HTTP server before routing',
    message: 'the request is not valid HTTP/1.1',
  },
  'UNSUPPORTED-MEDIA-TYPE': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 415,
    when: 'the body is in a Content-Encoding other than gzip, deflate or br, or a charset other than UTF-8',
    message: 'the body is in an encoding or charset the service does not read',
  },
  'IDP-CONFIG-NOT-FOUND': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'an identity provider an import links to is neither of the organization nor of the instance (or was removed meanwhile)',
    message: 'no identity provider of the organization or of the instance matches',
  },
  'IDP-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: "the identity provider is not one the operation reaches: an organization's own of the target organization (ManagementService's changes; its reads also the instance's), or the instance's (AdminService); or not one a login policy may offer: an organization's policy the organization's own providers and the instance's, the instance default the instance's alone (and one of the owner type the request names)",
    message: 'identity provider not found',
  },
  'IDP-TYPE-MISMATCH': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'UpdateGenericOIDCProvider on a provider configured for OAuth 2.0, or UpdateGenericOAuthProvider on one configured for OpenID Connect: remove it and add it again to change its kind',
    message: 'the identity provider is of another kind: use its own update',
  },
  'IDP-NOT-ACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the identity provider to deactivate is inactive already',
    message: 'the identity provider is not active',
  },
  'IDP-NOT-INACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the identity provider to reactivate is active already',
    message: 'the identity provider is not inactive',
  },
  'PROJECT-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the project is not in the target organization',
    message: 'project not found',
  },
  'PROFILE-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the profile is not yet in the read model (Get My Profile)',
    message: 'the profile is not readable yet, try again shortly',
  },
  'ROUTE-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'no route has the path',
    message: 'no such route',
  },
  'USER-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the userName is taken, case-insensitively, across the instance',
    message: 'a user with this userName already exists',
  },
  'USER-EXTERNAL-ID-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'UpdateUserExternalId names an externalId another person of the organization has',
    message: 'a user with this externalId already exists in the organization',
  },
  'USER-IDP-LINK-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the person has no link to this identity at this identity provider',
    message: 'the user has no such identity provider link',
  },
  'USER-IDP-LINK-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the identity provider link (configId, externalUserId) is taken',
    message: 'an identity provider link with this configId and externalUserId already exists',
  },
  'PROJECT-NAME-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the project name is taken in the organization',
    message: 'a project with this name already exists in the organization',
  },
  'PROJECT-ROLE-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'a role key is not a role of the project (or, for a project granted to the organization, not within its grant)',
    message: 'no role of the project has this key',
  },
  'PROJECT-ROLE-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the project has a role with this key already',
    message: 'the project has a role with this key already',
  },
  'PROJECT-NOT-ACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the project to deactivate is inactive already',
    message: 'the project is not active',
  },
  'PROJECT-NOT-INACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the project to reactivate is active already',
    message: 'the project is not inactive',
  },
  'APPLICATION-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the application is not one of the project',
    message: 'no application of the project has this id',
  },
  'USER-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the user (for an organization member: human or machine) is not in the target organization',
    message: 'user not found',
  },
  'USER-NOT-ACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the user to deactivate is inactive already, or the user to lock is not active (inactive, or locked already)',
    message: 'the user is not active',
  },
  'USER-NOT-INACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the user to reactivate is not deactivated (a locked user is unlocked instead)',
    message: 'the user is not deactivated',
  },
  'USER-NOT-LOCKED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the user to unlock is neither locked by an administrator nor locked by failed sign-ins',
    message: 'the user is not locked',
  },
  'USER-IS-CALLER': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the caller would deactivate, lock or remove themselves (another administrator may)',
    message: 'you cannot deactivate, lock or remove yourself',
  },
  'USER-METADATA-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'GetUserMetadata, RemoveUserMetadata or BulkRemoveUserMetadata names a key the user has no metadata entry of',
    message: 'the user has no metadata entry with this key',
  },
  'USER-METADATA-TOO-MANY': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'SetUserMetadata or BulkSetUserMetadata would give the user more than 100 metadata entries',
    message: 'a user has at most 100 metadata entries',
  },
  'USER-PHONE-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the person to remove the phone number of has none',
    message: 'the user has no phone number',
  },
  'USER-OTP-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the person to remove the TOTP second factor of has none',
    message: 'the user has no TOTP second factor',
  },
  'USER-OTP-ALREADY-READY': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the caller adds a TOTP second factor while one is confirmed already (remove it first)',
    message: 'a TOTP second factor is set up already',
  },
  'USER-OTP-NOT-PENDING': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the caller confirms a TOTP second factor with no TOTP secret added and unconfirmed',
    message: 'no TOTP second factor is waiting to be confirmed',
  },
  'USER-OTP-CODE-INVALID': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: "the code that would confirm the caller's TOTP second factor is wrong or used already (counted as a failed sign-in attempt)",
    message: 'the code is not valid',
  },
  'USER-OTP-ATTEMPTS-LOCKED': {
    code: StatusCode.RESOURCE_EXHAUSTED,
    http: 429,
    when: "too many wrong codes (at sign-in or on the account page): the caller's name is locked for a while, as at sign-in",
    message: 'too many wrong codes: try again later',
  },
  'SESSION-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: "the session to end is not one of the caller's (ended already, expired, or another person's)",
    message: 'session not found',
  },
  'USER-INITIALIZATION-NOT-DUE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the person to send an initialization email to is initialized already (email verified and a password set)',
    message: 'the user is initialized already',
  },
  'USER-PASSWORD-INVALID': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: "the current password given to change the password (Update My Password) is wrong; it counts against the user name's failed sign-in attempts",
    message: 'the current password is not right',
  },
  'USER-PASSWORD-ATTEMPTS-LOCKED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the password cannot be checked: too many wrong passwords (at sign-in or Update My Password) locked the user name until the lock ends',
    message: 'too many wrong passwords, try again later',
  },
  'USER-EMAIL-CODE-INVALID': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: "the code given to verify the email (Verify My Email) is none of the caller's verification links' codes, or it was used, or it has expired",
    message: 'the verification code is not valid',
  },
  'USER-EMAIL-ALREADY-VERIFIED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'a verification link was asked for (Resend My Email Verification), but the email is verified and no other address waits for one',
    message: 'the email is verified and no other address waits',
  },
  'USER-GRANT-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the user has no grant with this id',
    message: 'the user has no grant with this id',
  },
  'USER-GRANT-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the user has a grant on the project already (change its roles with UpdateUserGrant)',
    message: 'the user has a grant on this project already',
  },
  'PROJECT-GRANT-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the project has no grant with this id',
    message: 'the project has no grant with this id',
  },
  'PROJECT-GRANT-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the project is granted to this organization already (change its roles with UpdateProjectGrant)',
    message: 'the project is granted to this organization already',
  },
  'ORG-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the organization to grant the project to does not exist',
    message: 'organization not found',
  },
  'MACHINE-USER-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the machine user is not in the target organization',
    message: 'machine user not found',
  },
  'MACHINE-USER-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the userName is taken by another machine user, case-insensitively, across the instance',
    message: 'a machine user with this userName already exists',
  },
  'MACHINE-USER-NOT-ACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the machine user to deactivate is inactive already',
    message: 'the machine user is not active',
  },
  'MACHINE-USER-NOT-INACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the machine user to reactivate is active already',
    message: 'the machine user is not inactive',
  },
  'MACHINE-SECRET-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the machine user has no client secret to remove',
    message: 'the machine user has no client secret',
  },
  'MACHINE-KEY-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the machine user has no key with this id',
    message: 'the machine user has no key with this id',
  },
  'PERSONAL-ACCESS-TOKEN-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the machine user has no personal access token with this id',
    message: 'the machine user has no personal access token with this id',
  },
  'ORG-NAME-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'another organization of the instance has this name (without regard to case)',
    message: 'an organization with this name already exists',
  },
  'ORG-NOT-ACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the organization to deactivate is inactive already',
    message: 'the organization is not active',
  },
  'ORG-NOT-INACTIVE': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the organization to reactivate is active already',
    message: 'the organization is not inactive',
  },
  'ORG-HOLDS-LAST-INSTANCE-OWNER': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'deactivating the organization would leave the instance no active IAM_OWNER',
    message: 'the organization holds the last active instance owner',
  },
  'ORG-MEMBER-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the user holds a role in the organization already (remove the member to change its roles)',
    message: 'the user is a member of the organization already',
  },
  'ORG-MEMBER-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the user holds no role in the organization',
    message: 'the user is not a member of the organization',
  },
  'LOGIN-POLICY-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'AddCustomLoginPolicy for an organization that has its own login policy already (UpdateCustomLoginPolicy changes it)',
    message: 'the organization has its own login policy already',
  },
  'LOGIN-POLICY-IDP-ALREADY-EXISTS': {
    code: StatusCode.ALREADY_EXISTS,
    http: 409,
    when: 'the login policy offers that identity provider already',
    message: 'the login policy offers the identity provider already',
  },
  'LOGIN-POLICY-IDP-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the login policy does not offer that identity provider',
    message: 'the login policy does not offer the identity provider',
  },
  'AUTH-UNAUTHENTICATED': {
    code: StatusCode.UNAUTHENTICATED,
    http: 401,
    when: 'no credentials, or a token that is not valid or names no active user',
    message: 'missing or invalid credentials',
  },
  'AUTH-PERMISSION-DENIED': {
    code: StatusCode.PERMISSION_DENIED,
    http: 403,
    when: 'no permission in the target organization, or no such organization',
    message: 'no permission for this operation in the target organization',
  },
  'RESOURCE-CHANGED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 412,
    when: "the change's If-Match names a state the resource is no longer in: someone changed it since it was read; nothing was stored",
    message: 'the resource changed since the If-Match given: read it again and redo the change',
  },
  'AUTH-NOT-A-PERSON': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: "a machine user's token on an operation of a person's own account (the profile, the passkeys): machine users have none",
    message: "machine users have no human profile: this operation is for a person's own account",
  },
  'REQUEST-TOO-LARGE': {
    code: StatusCode.RESOURCE_EXHAUSTED,
    http: 413,
    when: 'the body (over gRPC: the message) is over REQUEST_BODY_LIMIT',
    message: 'the request body is larger than the limit',
  },
  'HEADERS-TOO-LARGE': {
    code: StatusCode.RESOURCE_EXHAUSTED,
    http: 431,
    when: "the headers are over Node's limit (16 KiB)",
    message: 'the request headers are larger than the limit',
  },
  'REQUEST-TIMEOUT': {
    code: StatusCode.DEADLINE_EXCEEDED,
    http: 408,
    when: 'the headers were not received within HTTP_KEEP_ALIVE_TIMEOUT_MS + 1 s',
    message: 'the request was not received in time',
  },
  'RATE-LIMITED': {
    code: StatusCode.RESOURCE_EXHAUSTED,
    http: 429,
    when: 'the caller made more calls than the rate limit',
    message: 'too many requests, try again later',
  },
  'REGISTRATION-LINK-INVALID': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: "the passwordless registration link's code is wrong, used or expired, or not the user's and organization's",
    message: 'the registration link is wrong, used or expired; ask for a new one',
  },
  'PASSKEY-CEREMONY-EXPIRED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the passkey ceremony (its challenge) is unknown, used already or expired; begin again',
    message: 'the passkey ceremony is unknown, used or expired; begin again',
  },
  'PASSKEY-VERIFICATION-FAILED': {
    code: StatusCode.INVALID_ARGUMENT,
    http: 400,
    when: "the authenticator's response is not a valid one for the ceremony's challenge, origin and RP ID (garbage, tampered or replayed)",
    message: "the authenticator's response is not valid for this ceremony",
  },
  'PASSKEY-NOT-RECOGNIZED': {
    code: StatusCode.UNAUTHENTICATED,
    http: 401,
    when: 'no active user has the passkey that signed (removed, or never registered here)',
    message: 'this passkey does not sign in to any account here',
  },
  'PASSKEY-SIGN-COUNT-REGRESSED': {
    code: StatusCode.UNAUTHENTICATED,
    http: 401,
    when: "the passkey's signature counter went backwards (a cloned authenticator); recorded as an event",
    message: "the passkey's signature counter went backwards; it may have been cloned",
  },
  'REAUTHENTICATION-REQUIRED': {
    code: StatusCode.UNAUTHENTICATED,
    http: 401,
    when: "adding a passkey, or adding or removing a TOTP second factor, needs a sign-in within the last PASSKEY_REAUTH_SECONDS (the token's auth_time)",
    message: 'sign in again for this change: the last sign-in is too long ago',
  },
  'PASSKEY-NOT-FOUND': {
    code: StatusCode.NOT_FOUND,
    http: 404,
    when: 'the user (the caller, or the person named) has no passkey with this id',
    message: 'the user has no passkey with this id',
  },
  'PASSKEY-LIMIT-REACHED': {
    code: StatusCode.FAILED_PRECONDITION,
    http: 400,
    when: 'the user has the most passkeys allowed (20)',
    message: 'at most 20 passkeys per user',
  },
  'METHOD-NOT-FOUND': {
    code: StatusCode.UNIMPLEMENTED,
    when: 'no gRPC-web method has the path',
    message: 'no such method',
  },
  'READ-MODEL-BEHIND': {
    code: StatusCode.UNAVAILABLE,
    http: 503,
    when: 'a read named the sequence of a write (x-identity-after-sequence) that its read model had not reduced within 5 s; nothing is wrong with the request, try again',
    message: 'the read model has not caught up with the write yet, try again shortly',
  },
  'SERVICE-UNAVAILABLE': {
    code: StatusCode.UNAVAILABLE,
    http: 503,
    when: 'the database is unreachable',
    message: 'the service is unavailable, try again later',
  },
  INTERNAL: {
    code: StatusCode.INTERNAL,
    http: 500,
    when: 'anything unexpected',
    message: 'internal error',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorId = keyof typeof ERROR_CATALOGUE;
