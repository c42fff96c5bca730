/*
 * Generated from schemas/requests/add-oidc-application.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
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
   * Where the provider may send the person back with a code: http or https URLs without a fragment, 1 to 20.
   *
   * @minItems 1
   * @maxItems 20
   */
  redirectUris: string[];
  /**
   * Where the provider may send the person after signing out: http or https URLs without a fragment, at most 20; none when omitted.
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
