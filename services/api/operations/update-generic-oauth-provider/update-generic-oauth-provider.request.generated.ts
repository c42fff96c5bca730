/*
 * Generated from schemas/requests/update-generic-oauth-provider.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/idps/generic_oauth/{id} (identity.management.v1.UpdateGenericOAuthProviderRequest; also PUT /admin/v1/idps/generic_oauth/{id} for the instance’s): the provider set whole, as an OAuth 2.0 one; one identityctl made is configured by it.
 */
export interface UpdateGenericOAuthProviderRequest {
  /**
   * The provider, from the path: an OAuth 2.0 one, or one identityctl made (which keeps its id and links).
   */
  id: string;
  /**
   * The provider’s name, shown on the sign-in page’s button: trimmed, 1 to 200 characters.
   */
  name: string;
  /**
   * This service’s client id at the provider: 1 to 200 characters.
   */
  clientId: string;
  /**
   * A new client secret, 1 to 1000 characters, stored sealed and never answered; empty or omitted keeps the stored one (required for a provider that has none: one identityctl made).
   */
  clientSecret?: string;
  /**
   * Where the person is sent to sign in at the provider: an https URL without credentials or fragment (http only for localhost and 127.0.0.1, as in development), at most 1000 characters.
   */
  authorizationEndpoint: string;
  /**
   * Where this service exchanges the code for a token: an https URL without credentials or fragment (http only for localhost and 127.0.0.1, as in development), at most 1000 characters.
   */
  tokenEndpoint: string;
  /**
   * Where this service reads the person with that token: an https URL without credentials or fragment (http only for localhost and 127.0.0.1, as in development), at most 1000 characters.
   */
  userEndpoint: string;
  /**
   * The scopes asked of the provider: at most 20 scope tokens (RFC 6749 3.3), none when omitted.
   *
   * @maxItems 20
   */
  scopes?: string[];
  /**
   * The field of the user endpoint’s answer that holds the user’s id at the provider (such as id or sub): trimmed, 1 to 200 characters.
   */
  idAttribute: string;
  /**
   * What a sign-in through the provider may do with an identity that has no link yet (ZITADEL’s provider options); every one false when omitted.
   */
  providerOptions?: {
    /**
     * The person may link an existing account by signing in to it.
     */
    isLinkingAllowed?: boolean;
    /**
     * The person may create an account, with a form prefilled from the provider’s claims.
     */
    isCreationAllowed?: boolean;
    /**
     * An account is created at once (just in time), linked to the identity.
     */
    isAutoCreation?: boolean;
    /**
     * The profile follows the provider’s claims at each sign-in.
     */
    isAutoUpdate?: boolean;
    /**
     * Which account of ours an unlinked identity is offered to link to, once the person confirms by signing in to it: none (AUTO_LINKING_OPTION_UNSPECIFIED, when omitted), the one of the same user name, or of the same email (only when the provider says email_verified true and ours is verified).
     */
    autoLinking?:
      | 'AUTO_LINKING_OPTION_UNSPECIFIED'
      | 'AUTO_LINKING_OPTION_USERNAME'
      | 'AUTO_LINKING_OPTION_EMAIL';
  };
  /**
   * Proof Key for Code Exchange (S256) toward the provider; true when omitted.
   */
  usePkce?: boolean;
  /**
   * Ours (not ZITADEL’s): signing out of this service also ends the session at the provider, through its end_session_endpoint; false when omitted.
   */
  signOutAtProvider?: boolean;
}
