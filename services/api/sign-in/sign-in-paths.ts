/** Where the provider's endpoints live on the HTTP port, apart from the API's routes. */
export const OIDC_PREFIX = '/oidc';
/** The sign-in pages of an interaction: `/ui/login/<uid>`. */
export const INTERACTION_PREFIX = '/ui/login';
