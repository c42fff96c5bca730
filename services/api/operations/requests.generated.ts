/*
 * The request types, generated from schemas/requests/*.schema.json by `npm run request-types`:
 * edit the schemas, never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{projectId}/apps/oidc (identity.management.v1.AddOIDCApplicationRequest): projectId from the path, the application from the body.
 */
export interface AddOIDCApplicationRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The application’s name: trimmed, 1 to 200 characters.
   */
  name: string;
  /**
   * Where the provider may send the person back with a code: absolute URIs without a fragment, 1 to 20.
   *
   * @minItems 1
   * @maxItems 20
   */
  redirectUris: string[];
  /**
   * Where the provider may send the person after signing out: absolute URIs without a fragment, at most 20; none when omitted.
   *
   * @minItems 0
   * @maxItems 20
   */
  postLogoutRedirectUris?: string[];
  /**
   * How the client authenticates: OIDC_AUTH_METHOD_TYPE_BASIC (confidential: a secret, answered once) when omitted, or OIDC_AUTH_METHOD_TYPE_NONE (public: no secret, PKCE).
   */
  authMethodType?: 'OIDC_AUTH_METHOD_TYPE_BASIC' | 'OIDC_AUTH_METHOD_TYPE_NONE';
  /**
   * The user’s roles of the project in the ID tokens of this application too (with the project’s projectRoleAssertion); false when omitted.
   */
  idTokenRoleAssertion?: boolean;
  /**
   * The user’s roles of the project in this application’s JWT access tokens too (with the project’s projectRoleAssertion); false when omitted.
   */
  accessTokenRoleAssertion?: boolean;
}

/**
 * POST /management/v1/projects/{projectId}/roles (identity.management.v1.AddProjectRoleRequest): projectId from the path, the role from the body.
 */
export interface AddProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key: 1 to 200 characters without white space, unique within the project, kept exactly as given.
   */
  roleKey: string;
  /**
   * The role’s name for people: trimmed, 1 to 200 characters.
   */
  displayName: string;
  /**
   * A group the role is shown in: trimmed, at most 200 characters; none when omitted.
   */
  group?: string;
}

/**
 * POST /management/v1/users/{userId}/grants (identity.management.v1.AddUserGrantRequest): userId from the path, the project and roles from the body.
 */
export interface AddUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * A project of the target organization, or one granted to it.
   */
  projectId: string;
  /**
   * Keys of roles of the project (within the organization’s project grant, for a project granted to it), each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}

/**
 * POST /auth/v1/users/me/passkeys/_finish-registration (identity.auth.v1.FinishMyPasskeyRegistrationRequest): the ceremony and the browser’s answer to it.
 */
export interface FinishMyPasskeyRegistrationRequest {
  /**
   * The ceremony the start answered with.
   */
  ceremonyId: string;
  /**
   * The browser’s answer (RegistrationResponseJSON): verified against the ceremony’s challenge, the origins and the RP ID.
   */
  credential: {
    [k: string]: unknown;
  };
  /**
   * The new passkey’s name: trimmed, 1 to 100 characters; “Passkey of <date>” when omitted.
   */
  name?: string;
}

/**
 * GET /auth/v1/users/me/profile (identity.auth.v1.GetMyProfileRequest): no fields.
 */
export type GetMyProfileRequest = Record<string, never>;

/**
 * Body of POST /management/v1/users/human/_import (identity.management.v1.ImportHumanUserRequest).
 */
export interface ImportHumanUserRequest {
  /**
   * The name the user logs in with: trimmed, and unique across the instance without regard to case.
   */
  userName: string;
  /**
   * The user’s names and preferences.
   */
  profile: {
    /**
     * Given name.
     */
    firstName: string;
    /**
     * Family name.
     */
    lastName: string;
    /**
     * Nickname; an empty one is stored as none.
     */
    nickName?: string;
    /**
     * The name shown for the user; when omitted or empty, "firstName lastName", cut to 200 characters.
     */
    displayName?: string;
    /**
     * BCP 47 language tag, stored in canonical form (de-ch becomes de-CH).
     */
    preferredLanguage?: string;
    /**
     * GENDER_UNSPECIFIED when omitted.
     */
    gender?: 'GENDER_UNSPECIFIED' | 'GENDER_FEMALE' | 'GENDER_MALE' | 'GENDER_DIVERSE';
  };
  /**
   * The user’s email address.
   */
  email: {
    /**
     * The address.
     */
    email: string;
    /**
     * The address is already verified. An unverified address, or a user without a password, gets an initialization email.
     */
    isEmailVerified?: boolean;
  };
  /**
   * The user’s phone number.
   */
  phone?: {
    /**
     * A global number (RFC 3966), stored as E.164.
     */
    phone: string;
    /**
     * The number is already verified.
     */
    isPhoneVerified?: boolean;
  };
  /**
   * The initial password in clear text, checked against the password policy and stored as an argon2id hash. Not together with hashedPassword.
   */
  password?: string;
  /**
   * A password hash from another system, stored as it is. Not together with password.
   */
  hashedPassword?: {
    /**
     * Modular Crypt Format or PHC string: bcrypt, argon2i/id, scrypt, PBKDF2, $5$, $6$, $1$.
     */
    value: string;
  };
  /**
   * The user must change the password at the next login.
   */
  passwordChangeRequired?: boolean;
  /**
   * Answer with a link (passwordlessRegistration) where the user registers a passwordless authenticator.
   */
  requestPasswordlessRegistration?: boolean;
  /**
   * A TOTP secret in RFC 4648 base32, stored encrypted.
   */
  otpCode?: string;
  /**
   * Links to the user’s accounts at identity providers of the organization; each pair of configId and externalUserId at most once.
   *
   * @maxItems 20
   */
  idps?: {
    /**
     * An identity provider of the organization.
     */
    configId: string;
    /**
     * The user’s id at that identity provider; together with configId, linked to one user only.
     */
    externalUserId: string;
    /**
     * The user’s name at that identity provider.
     */
    displayName?: string;
  }[];
}

/**
 * GET /auth/v1/users/me/passkeys (identity.auth.v1.ListMyPasskeysRequest): no fields.
 */
export type ListMyPasskeysRequest = Record<string, never>;

/**
 * DELETE /auth/v1/users/me/passkeys/{id} (identity.auth.v1.RemoveMyPasskeyRequest): id from the path.
 */
export interface RemoveMyPasskeyRequest {
  /**
   * The passkey, from the path; one of another user is not found.
   */
  id: string;
}

/**
 * DELETE /management/v1/projects/{projectId}/apps/{appId} (identity.management.v1.RemoveOIDCApplicationRequest): the project and the application from the path. Its client signs in no more.
 */
export interface RemoveOIDCApplicationRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The application, from the path; one of another project is not found.
   */
  appId: string;
}

/**
 * DELETE /management/v1/projects/{projectId}/roles/{roleKey} (identity.management.v1.RemoveProjectRoleRequest): the project and the key from the path.
 */
export interface RemoveProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key, from the path.
   */
  roleKey: string;
}

/**
 * DELETE /management/v1/users/{userId}/grants/{grantId} (identity.management.v1.RemoveUserGrantRequest): the user and the grant from the path.
 */
export interface RemoveUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * The user grant, from the path.
   */
  grantId: string;
}

/**
 * PUT /auth/v1/users/me/passkeys/{id} (identity.auth.v1.RenameMyPasskeyRequest): id from the path, the name from the body.
 */
export interface RenameMyPasskeyRequest {
  /**
   * The passkey, from the path; one of another user is not found.
   */
  id: string;
  /**
   * The passkey’s name: trimmed, 1 to 100 characters.
   */
  name: string;
}

/**
 * POST /auth/v1/users/me/passkeys/_start-registration (identity.auth.v1.StartMyPasskeyRegistrationRequest): no fields.
 */
export type StartMyPasskeyRegistrationRequest = Record<string, never>;

/**
 * Body of PUT /auth/v1/users/me/profile (identity.auth.v1.UpdateMyProfileRequest). Replaces the whole profile.
 */
export interface UpdateMyProfileRequest {
  /**
   * Given name.
   */
  firstName: string;
  /**
   * Family name.
   */
  lastName: string;
  /**
   * Nickname; omitted clears it.
   */
  nickName?: string;
  /**
   * The name shown for the user.
   */
  displayName: string;
  /**
   * BCP 47 language tag, stored in canonical form (de-ch becomes de-CH); omitted clears it.
   */
  preferredLanguage?: string;
  /**
   * GENDER_UNSPECIFIED when omitted.
   */
  gender?: 'GENDER_UNSPECIFIED' | 'GENDER_FEMALE' | 'GENDER_MALE' | 'GENDER_DIVERSE';
}

/**
 * PUT /management/v1/projects/{projectId}/apps/{appId}/oidc (identity.management.v1.UpdateOIDCApplicationRequest): the project and the application from the path; replaces the rest (its way of authenticating and its secret stay).
 */
export interface UpdateOIDCApplicationRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The application, from the path; one of another project is not found.
   */
  appId: string;
  /**
   * The application’s name: trimmed, 1 to 200 characters.
   */
  name: string;
  /**
   * Where the provider may send the person back with a code: absolute URIs without a fragment, 1 to 20.
   *
   * @minItems 1
   * @maxItems 20
   */
  redirectUris: string[];
  /**
   * Where the provider may send the person after signing out: absolute URIs without a fragment, at most 20; none when omitted.
   *
   * @minItems 0
   * @maxItems 20
   */
  postLogoutRedirectUris?: string[];
  /**
   * The user’s roles of the project in the ID tokens of this application too (with the project’s projectRoleAssertion); false when omitted.
   */
  idTokenRoleAssertion?: boolean;
  /**
   * The user’s roles of the project in this application’s JWT access tokens too (with the project’s projectRoleAssertion); false when omitted.
   */
  accessTokenRoleAssertion?: boolean;
}

/**
 * PUT /management/v1/projects/{projectId}/roles/{roleKey} (identity.management.v1.UpdateProjectRoleRequest): the project and the key from the path; replaces the role’s name and group.
 */
export interface UpdateProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key, from the path.
   */
  roleKey: string;
  /**
   * The role’s name for people: trimmed, 1 to 200 characters.
   */
  displayName: string;
  /**
   * A group the role is shown in: trimmed, at most 200 characters; none when omitted.
   */
  group?: string;
}

/**
 * PUT /management/v1/projects/{id} (identity.management.v1.UpdateProjectRequest): id from the path, the rest from the body. Replaces the whole project.
 */
export interface UpdateProjectRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  id: string;
  /**
   * The project’s name: trimmed, and unique in the organization without regard to case.
   */
  name: string;
  /**
   * Assert the user’s roles of the project in tokens; false when omitted.
   */
  projectRoleAssertion?: boolean;
  /**
   * Only users with a role of the project may log in to it; false when omitted.
   */
  projectRoleCheck?: boolean;
  /**
   * Only users of organizations the project is granted to may log in to it; false when omitted.
   */
  hasProjectCheck?: boolean;
  /**
   * Whose branding the login shows; PRIVATE_LABELING_SETTING_UNSPECIFIED when omitted.
   */
  privateLabelingSetting?:
    | 'PRIVATE_LABELING_SETTING_UNSPECIFIED'
    | 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY'
    | 'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY';
}

/**
 * PUT /management/v1/users/{userId}/grants/{grantId} (identity.management.v1.UpdateUserGrantRequest): the user and the grant from the path; replaces the grant’s roles.
 */
export interface UpdateUserGrantRequest {
  /**
   * The user, from the path; a user of another organization is not found.
   */
  userId: string;
  /**
   * The user grant, from the path.
   */
  grantId: string;
  /**
   * Keys of roles of the project (within the organization’s project grant, for a project granted to it), each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}
