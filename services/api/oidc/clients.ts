import { randomBytes } from 'node:crypto';
import type { AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { decryptSecret, encryptSecret } from '../credentials/otp-secret.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';

/** The profile page's client id: a public client every instance knows without registration. */
export const PROFILE_PAGE_CLIENT_ID = 'profile-page';

/** The grant types and response types of every client: the code flow and refresh tokens. */
const CODE_FLOW = {
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
} as const;

/** The built-in public client of the profile page at `PUBLIC_URL/ui/profile`. */
export function profilePageClient(publicUrl: string): ClientMetadata {
  const page = `${publicUrl.replace(/\/$/, '')}/ui/profile`;
  return {
    client_id: PROFILE_PAGE_CLIENT_ID,
    client_name: 'Profile',
    redirect_uris: [page],
    post_logout_redirect_uris: [page],
    token_endpoint_auth_method: 'none',
    ...CODE_FLOW,
  };
}

/** The admin console's client id: a public client every instance knows without registration. */
export const CONSOLE_CLIENT_ID = 'console';

/** Where the console's sign-in comes back to, and where its sign-out ends. */
export const consoleUrls = (publicUrl: string) => {
  const base = `${publicUrl.replace(/\/$/, '')}/ui/console`;
  return { redirect: `${base}/callback`, home: `${base}/` };
};

/**
 * The built-in public client of the admin console at `PUBLIC_URL/ui/console/`: the console's
 * server does the code flow with PKCE and keeps the tokens in the person's sealed cookie.
 */
export function consoleClient(publicUrl: string): ClientMetadata {
  const { redirect, home } = consoleUrls(publicUrl);
  return {
    client_id: CONSOLE_CLIENT_ID,
    client_name: 'Console',
    redirect_uris: [redirect],
    post_logout_redirect_uris: [home],
    token_endpoint_auth_method: 'none',
    ...CODE_FLOW,
  };
}

export interface NewClient {
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** A confidential client authenticates with a secret; a public one (a browser app) cannot. */
  confidential: boolean;
  /** The project whose application the client is; none for a client outside any project. */
  projectId?: string;
  /** The project's roles in the client's ID tokens and JWT access tokens too. */
  idTokenRoleAssertion?: boolean;
  accessTokenRoleAssertion?: boolean;
}

/** A client's record as the provider reads it (`oidc_payloads`, model `Client`), its secret sealed. */
export interface ClientRecord {
  clientId: string;
  /** The secret in the clear, for the caller to see this once; none for a public client. */
  clientSecret?: string;
  /** The JSON stored for the provider. */
  payload: string;
}

/**
 * A new client's record: a random id and, for a confidential client, a random secret, stored
 * encrypted under the secret key (the provider compares the secret itself, so it cannot be a
 * hash), never in the clear.
 */
export function newClientRecord(config: Config, client: NewClient): ClientRecord {
  const clientId = randomBytes(16).toString('hex');
  const clientSecret = client.confidential ? randomBytes(32).toString('base64url') : undefined;
  const sealed =
    clientSecret &&
    encryptSecret(secretKeyOf(config), Buffer.from(clientSecret)).toString('base64');
  return {
    clientId,
    ...(clientSecret && { clientSecret }),
    payload: clientPayload(clientId, client, sealed),
  };
}

/**
 * A stored client's record with new settings (`client`): its id, its way of authenticating and
 * its sealed secret stay.
 */
export function changedClientRecord(
  stored: string,
  client: Omit<NewClient, 'confidential'>,
): { payload: string; confidential: boolean } {
  const previous = JSON.parse(stored) as { client_id: string; client_secret_encrypted?: string };
  const sealed = previous.client_secret_encrypted;
  const confidential = sealed !== undefined;
  return {
    payload: clientPayload(previous.client_id, { ...client, confidential }, sealed),
    confidential,
  };
}

function clientPayload(clientId: string, client: NewClient, sealedSecret?: string): string {
  return JSON.stringify({
    client_id: clientId,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
    token_endpoint_auth_method: sealedSecret ? 'client_secret_basic' : 'none',
    ...CODE_FLOW,
    ...(sealedSecret && { client_secret_encrypted: sealedSecret }),
    ...(client.projectId && {
      project_id: client.projectId,
      id_token_role_assertion: client.idTokenRoleAssertion === true,
      access_token_role_assertion: client.accessTokenRoleAssertion === true,
    }),
  });
}

/** Registers a client (first-party: its users are never asked for consent), outside any project. */
export async function createClient(
  dataSource: DataSource,
  config: Config,
  client: NewClient,
): Promise<{ clientId: string; clientSecret?: string }> {
  const { clientId, clientSecret, payload } = newClientRecord(config, client);
  await dataSource.query('INSERT INTO oidc_payloads (model, id, payload) VALUES (?, ?, ?)', [
    'Client',
    clientId,
    payload,
  ]);
  return { clientId, ...(clientSecret && { clientSecret }) };
}

/** A stored client as the provider reads it: its secret decrypted. */
export function readClient(config: Config, stored: AdapterPayload): AdapterPayload {
  const { client_secret_encrypted: sealed, ...client } = stored as AdapterPayload & {
    client_secret_encrypted?: string;
  };
  if (!sealed) return client;
  const secret = decryptSecret(secretKeyOf(config), Buffer.from(sealed, 'base64'));
  return { ...client, client_secret: secret.toString() };
}
