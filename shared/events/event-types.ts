import type { Gender } from '../db/entities/user.entity.js';
import type { PrivateLabelingSetting } from '../db/entities/project.entity.js';
import type { AutoLinking, IdpOwnerType } from '../db/entities/idp.entity.js';

/** Aggregate types; each is published to its own topic (`identity.<type>.v1`). */
export type AggregateType = 'user' | 'project' | 'org' | 'instance' | 'idp';

export interface ProfilePayload {
  firstName: string;
  lastName: string;
  nickName: string | null;
  displayName: string;
  preferredLanguage: string | null;
  gender: Gender;
}

/** A profile's properties, which the users table and its read model name alike. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'nickName',
  'displayName',
  'preferredLanguage',
  'gender',
] as const satisfies readonly (keyof ProfilePayload)[];

export interface ProjectPayload {
  name: string;
  projectRoleAssertion: boolean;
  projectRoleCheck: boolean;
  hasProjectCheck: boolean;
  privateLabelingSetting: PrivateLabelingSetting;
}

/** A role of a project, as its events carry it. */
export interface ProjectRolePayload {
  key: string;
  displayName: string;
  group: string;
}

/** An application of a project, as its events carry it: never its secret. */
export interface ApplicationPayload {
  appId: string;
  clientId: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** A confidential client (a secret, HTTP Basic) or a public one (PKCE, no secret). */
  authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC' | 'OIDC_AUTH_METHOD_TYPE_NONE';
  idTokenRoleAssertion: boolean;
  accessTokenRoleAssertion: boolean;
}

/** A project grant: the project shared with another organization, with some of its roles. */
export interface ProjectGrantPayload {
  grantId: string;
  grantedOrgId: string;
  roleKeys: string[];
}

/** A user grant, as its events carry it. */
export interface UserGrantPayload {
  grantId: string;
  projectId: string;
  /** The project grant through which the user's organization has the project; null for its own. */
  projectGrantId: string | null;
  roleKeys: string[];
}

/**
 * A label policy as its events carry it: each colour (`#rgb` or `#rrggbb`; null for the service's
 * own), whether the service's name is hidden, and the logo's type, size and SHA-256 (never its
 * bytes; the pages serve it). `reset`: the policy was removed, and the pages fall back (an
 * organization's to the instance default, the instance default to the service's own look).
 */
export interface LabelPolicyPayload {
  primaryColor: string | null;
  backgroundColor: string | null;
  warningColor: string | null;
  fontColor: string | null;
  hideServiceName: boolean;
  logo: { contentType: string; size: number; sha256: string } | null;
  reset: boolean;
}

/** A login policy's flags as its events carry them: which ways of signing in it offers. */
export interface LoginPolicyFlagsPayload {
  allowUsernamePassword: boolean;
  allowExternalIdp: boolean;
}

/** A provider a login policy offers: its id, and whose it is (an organization's, the instance's). */
export interface LoginPolicyIdpPayload {
  idpId: string;
  ownerType: IdpOwnerType;
}

/**
 * An identity provider's configuration as its events carry it: what it signs in through (the
 * issuer of an OpenID Connect provider; the endpoints and id attribute of an OAuth 2.0 one), its
 * client id and scopes, its options, and whose it is. Never its client secret.
 */
export interface IdpConfigPayload {
  kind: 'oidc' | 'oauth';
  name: string;
  ownerType: IdpOwnerType;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userEndpoint?: string;
  idAttribute?: string;
  clientId: string;
  scopes: string[];
  isIdTokenMapping?: boolean;
  usePkce: boolean;
  options: {
    isLinkingAllowed: boolean;
    isCreationAllowed: boolean;
    isAutoCreation: boolean;
    isAutoUpdate: boolean;
    autoLinking: AutoLinking;
  };
  signOutAtProvider: boolean;
}

/** A machine user as its events carry it. */
export interface MachineUserPayload {
  userName: string;
  name: string;
  description: string;
}

/**
 * Where a person set a new password: at sign-in, activating the account, by a reset link, or
 * signed in with the current one (the account page).
 */
export type PasswordChangedBy = 'sign-in' | 'activation' | 'reset' | 'self-service';

/** Why a sign-in was refused, as its event says. */
export type SignInFailure =
  | 'wrong-password'
  | 'wrong-otp'
  | 'otp-replayed'
  | 'locked'
  | 'inactive'
  /** A passkey whose signature counter went backwards: a cloned authenticator, or a replay. */
  | 'passkey-sign-count'
  /** An application's project is deactivated. */
  | 'project-inactive'
  /** An application's project is not the user's organization's, nor granted to it. */
  | 'project-not-granted'
  /** An application's project checks roles, and the user holds none of it. */
  | 'project-role-missing';

/** Where a passkey was registered: through the passwordless registration link, or signed in. */
export type PasskeyAddedVia = 'registration-link' | 'profile';

/**
 * Every event type with its payload. Payloads never hold a secret: no password, hash, code or
 * OTP secret. A breaking change is a new type, not an edit here.
 */
export interface EventPayloads {
  'user.human.added': {
    userName: string;
    /** The importing caller's id for the user, when it gave one. */
    externalId?: string;
    profile: ProfilePayload;
    email: string;
    phone: string | null;
    /** The worker sends an initialization email: the email is unverified or no password is set. */
    initializationRequired: boolean;
    /**
     * False when the import asked for no initialization email (a migration's users): the person
     * asks for one on the activation page, or an operator sends them (`identityctl user
     * resend-init`). Absent otherwise.
     */
    sendInitializationEmail?: false;
  };
  'user.human.email.verified': { email: string };
  /** An administrator set the address (UpdateHumanEmail): unverified until its `verified`. */
  'user.human.email.changed': { email: string };
  /**
   * A link that verifies an address was asked for (the worker emails it): by an administrator
   * (UpdateHumanEmail), or by the person (SetMyEmail, ResendMyEmailVerification). `email`: the
   * address the person asked
   * to change to, which waits for this link (their email stays theirs until it is followed);
   * absent when the link verifies the user's email itself.
   */
  'user.human.email.code.requested': { by: 'admin' | 'user'; email?: string };
  /** Recorded by the worker when it makes the code the verification email carries. */
  'user.human.email.code.added': { codeId: string; expiration: string };
  'user.human.phone.verified': { phone: string };
  /** An administrator set the number (UpdateHumanPhone): unverified until its `verified`. */
  'user.human.phone.changed': { phone: string };
  'user.human.phone.removed': Record<string, never>;
  'user.human.password.set': { changeRequired: boolean; imported: boolean };
  'user.human.otp.added': Record<string, never>;
  /**
   * The person began adding a TOTP second factor on the account page (AddMyAuthFactorOTP): a
   * secret (never in the event) waits for its first code; a sign-in does not ask for it yet.
   */
  'user.human.otp.pending.added': Record<string, never>;
  /** The pending TOTP secret's first code confirmed it: from now on a sign-in asks for a code. */
  'user.human.otp.verified': Record<string, never>;
  /**
   * The TOTP second factor was removed (RemoveHumanAuthFactorOTP, RemoveMyAuthFactorOTP), or the
   * one being added: the password signs in alone.
   */
  'user.human.otp.removed': Record<string, never>;
  /**
   * The person ended one of their sessions on the account page (EndMyUserSession,
   * EndAllMyUserSessions): that browser signs in again, its refresh tokens stop working.
   */
  'user.human.session.ended': { sessionId: string };
  'user.idp.link.added': { configId: string; externalUserId: string; displayName: string | null };
  /** The user signs in through that provider's identity no more. */
  'user.idp.link.removed': { configId: string; externalUserId: string };
  'user.human.passwordless.code.added': { codeId: string; expiration: string };
  /** Recorded by the worker when it makes the code an initialization email carries. */
  'user.human.init.code.added': { codeId: string; expiration: string };
  'user.human.profile.changed': ProfilePayload;
  /**
   * The person set a new password: at sign-in when a change was required, at activation, or
   * signed in, with the current one (UpdateMyPassword, `self-service`).
   */
  'user.human.password.changed': { changeRequired: false; by: PasswordChangedBy };
  /** A sign-in replaced a hash of an imported format (`from`, e.g. 'bcrypt') by argon2id. */
  'user.human.password.hash.upgraded': { from: string };
  /** `idpId`: the identity provider signed in through (`methods` has 'idp'). */
  'user.human.signin.succeeded': { clientId: string; methods: string[]; idpId?: string };
  /** `passkeyId` names the passkey of a 'passkey-sign-count' failure. */
  'user.human.signin.failed': {
    clientId: string | null;
    reason: SignInFailure;
    passkeyId?: string;
  };
  /**
   * Too many failed sign-ins: refused until `until` (ISO time). Locked by an administrator
   * (`by: 'admin'`, LockUser): until 9999-12-31T23:59:59Z, that is until UnlockUser.
   */
  'user.human.locked': { until: string; by?: 'admin' };
  /** An administrator lifted the user's lock (theirs, or the one failed sign-ins set). */
  'user.human.unlocked': Record<string, never>;
  /** Signing in and the user's sessions and tokens end until reactivated. */
  'user.human.deactivated': Record<string, never>;
  'user.human.reactivated': Record<string, never>;
  /**
   * The user's last event: with their passkeys, links, codes, grants and memberships; their user
   * name is free again.
   */
  'user.human.removed': { userName: string };
  /** An initialization code was redeemed (the account was activated with it). */
  'user.human.init.code.verified': { codeId: string };
  /** A new initialization email was asked for: by the person (`user`) or an operator (`admin`). */
  'user.human.init.code.requested': { by: 'user' | 'admin' };
  /** A passkey was registered; `codeId` is the registration link's code it used. No key material. */
  'user.human.passkey.added': {
    passkeyId: string;
    name: string;
    via: PasskeyAddedVia;
    codeId?: string;
  };
  'user.human.passkey.renamed': { passkeyId: string; name: string };
  /** The passkey no longer signs in. */
  'user.human.passkey.removed': { passkeyId: string };
  /** A new passwordless registration link was asked for (the worker emails it). */
  'user.human.passwordless.code.requested': { by: 'user' | 'admin' };
  /**
   * A password reset link was asked for on the "Forgot password?" page (the worker emails it).
   * `interaction`: the sign-in it was asked from, which the link continues (the interaction's id
   * only: it is of use only in the browser holding that sign-in's cookie).
   */
  'user.human.password.code.requested': { by: 'user'; interaction?: string };
  /** Recorded by the worker when it makes the code a password reset email carries. */
  'user.human.password.code.added': { codeId: string; expiration: string };
  /** Roles of one project held by the user. */
  'user.grant.added': UserGrantPayload;
  /** The grant's roles now (a role removed from the project is taken from its grants too). */
  'user.grant.changed': UserGrantPayload;
  'user.grant.removed': { grantId: string; projectId: string };
  'project.added': ProjectPayload;
  'project.changed': ProjectPayload;
  /** Its applications refuse sign-in (`access_denied`) and refreshes until reactivated. */
  'project.deactivated': Record<string, never>;
  'project.reactivated': Record<string, never>;
  /** The project's last event: its applications, roles and grants went with it. */
  'project.removed': { name: string };
  'project.role.added': ProjectRolePayload;
  'project.role.changed': ProjectRolePayload;
  /** Taken from every user grant that held it too (each with its `user.grant.changed`). */
  'project.role.removed': { key: string };
  'project.application.added': ApplicationPayload;
  'project.application.changed': ApplicationPayload;
  /** Its client signs in no more. */
  'project.application.removed': { appId: string; clientId: string };
  'project.grant.added': ProjectGrantPayload;
  /** The grant's roles now; a role taken from it is taken from the user grants through it too. */
  'project.grant.changed': ProjectGrantPayload;
  /** The user grants through it are removed too (each with its `user.grant.removed`). */
  'project.grant.removed': { grantId: string; grantedOrgId: string };
  /** A machine user (service account) was added; it never signs in through the pages. */
  'user.machine.added': MachineUserPayload;
  'user.machine.changed': MachineUserPayload;
  /** Its tokens stop working and it gets no new ones until reactivated. */
  'user.machine.deactivated': Record<string, never>;
  'user.machine.reactivated': Record<string, never>;
  /** Locked by an administrator (LockUser): as deactivated, until UnlockUser. */
  'user.machine.locked': { until: string; by: 'admin' };
  'user.machine.unlocked': Record<string, never>;
  /** With its secret, keys, tokens and memberships. */
  'user.machine.removed': { userName: string };
  /** A client secret was made (shown once to the caller; never in an event). */
  'user.machine.secret.added': Record<string, never>;
  'user.machine.secret.removed': Record<string, never>;
  /** A public key for private_key_jwt: its id and expiry, never key material. */
  'user.machine.key.added': { keyId: string; expirationDate: string };
  'user.machine.key.removed': { keyId: string };
  /** A personal access token: its id and expiry, never the token. */
  'user.pat.added': { tokenId: string; expirationDate: string };
  'user.pat.removed': { tokenId: string };
  /**
   * A user's (a person's or a machine user's) metadata entry now holds this value (SetUserMetadata,
   * BulkSetUserMetadata, SCIM's attributes kept as metadata); `value` is the bytes in base64.
   */
  'user.metadata.set': { key: string; value: string };
  /** The user's metadata entry is gone (RemoveUserMetadata, BulkRemoveUserMetadata). */
  'user.metadata.removed': { key: string };
  /** The user signs in by this user name now, no more by `oldUserName` (UpdateUserName). */
  'user.username.changed': { userName: string; oldUserName: string };
  /** The person's externalId now, or none (UpdateUserExternalId, SCIM's externalId). */
  'user.externalid.changed': { externalId: string | null };
  /** An organization was made (AddOrg, `identityctl org create`): its first event. */
  'org.added': { name: string };
  /** The organization's name changed (UpdateOrg). */
  'org.changed': { name: string };
  /** Its users cannot sign in, refresh or call the API until it is reactivated. */
  'org.deactivated': Record<string, never>;
  'org.reactivated': Record<string, never>;
  /** A user of the organization holds these roles in it now. */
  'org.member.added': { userId: string; roles: string[] };
  /** The member holds these roles in the organization now, and none it held before. */
  'org.member.changed': { userId: string; roles: string[] };
  /** The user holds no role in the organization any more. */
  'org.member.removed': { userId: string };
  /** The organization's branding of the sign-in pages was set or reset. */
  'org.label.policy.changed': LabelPolicyPayload;
  /** The instance's default branding (for organizations without their own) was set or reset. */
  'instance.label.policy.changed': LabelPolicyPayload;
  /**
   * The organization's own login policy was made: these flags, and the providers (`idpIds`) the
   * instance default offered then, copied; the organization follows the default no more.
   */
  'org.login.policy.added': LoginPolicyFlagsPayload & { idpIds: string[] };
  /** The organization's own login policy's flags now. */
  'org.login.policy.changed': LoginPolicyFlagsPayload;
  /** Its own login policy went, with the providers it offered: it follows the instance default. */
  'org.login.policy.removed': Record<string, never>;
  /** The organization's own login policy offers this provider too. */
  'org.login.policy.idp.added': LoginPolicyIdpPayload;
  'org.login.policy.idp.removed': { idpId: string };
  /** The instance's default login policy's flags now (for organizations without their own). */
  'instance.login.policy.changed': LoginPolicyFlagsPayload;
  /** The instance default offers this provider of the instance too. */
  'instance.login.policy.idp.added': LoginPolicyIdpPayload;
  'instance.login.policy.idp.removed': { idpId: string };
  /** An identity provider one can sign in through was configured (AddGeneric…Provider). */
  'idp.config.added': IdpConfigPayload;
  /**
   * Its configuration now, whole (Update…Provider; also the first configuration of one that
   * `identityctl idp create` made). `clientSecretChanged`: a new client secret was stored.
   */
  'idp.config.changed': IdpConfigPayload & { clientSecretChanged: boolean };
  /** Its last event: the links of users to it and its place in the login policies went with it. */
  'idp.config.removed': {
    kind: 'unconfigured' | 'oidc' | 'oauth';
    name: string;
    ownerType: IdpOwnerType;
  };
  /**
   * No sign-in offers it, and one begun at it is refused at its callback, until it is reactivated;
   * its users' links and its place in the login policies stay.
   */
  'idp.config.deactivated': Record<string, never>;
  'idp.config.reactivated': Record<string, never>;
}

export type EventType = keyof EventPayloads;

export type DomainEvent = {
  [T in EventType]: { type: T; payload: EventPayloads[T] };
}[EventType];

/** The aggregate type an event type belongs to: the part before the first dot. */
export function aggregateTypeOf(type: EventType): AggregateType {
  return type.slice(0, type.indexOf('.')) as AggregateType;
}
