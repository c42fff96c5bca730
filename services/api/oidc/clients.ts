import { randomBytes } from 'node:crypto';
import type { AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { decryptSecret, encryptSecret } from '../credentials/otp-secret.js';

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

export interface NewClient {
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** A confidential client authenticates with a secret; a public one (a browser app) cannot. */
  confidential: boolean;
}

/**
 * Registers a client (first-party: its users are never asked for consent). The provider compares
 * the secret itself, so it is stored encrypted under the secret key, never in the clear; the
 * caller sees it this once.
 */
export async function createClient(
  dataSource: DataSource,
  config: Config,
  client: NewClient,
): Promise<{ clientId: string; clientSecret?: string }> {
  const clientId = randomBytes(16).toString('hex');
  const clientSecret = client.confidential ? randomBytes(32).toString('base64url') : undefined;
  const payload = {
    client_id: clientId,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
    token_endpoint_auth_method: clientSecret ? 'client_secret_basic' : 'none',
    ...CODE_FLOW,
    ...(clientSecret && {
      client_secret_encrypted: encryptSecret(secretKey(config), Buffer.from(clientSecret)).toString(
        'base64',
      ),
    }),
  };
  await dataSource.query('INSERT INTO oidc_payloads (model, id, payload) VALUES (?, ?, ?)', [
    'Client',
    clientId,
    JSON.stringify(payload),
  ]);
  return { clientId, ...(clientSecret && { clientSecret }) };
}

/** A stored client as the provider reads it: its secret decrypted. */
export function readClient(config: Config, stored: AdapterPayload): AdapterPayload {
  const { client_secret_encrypted: sealed, ...client } = stored as AdapterPayload & {
    client_secret_encrypted?: string;
  };
  if (!sealed) return client;
  const secret = decryptSecret(secretKey(config), Buffer.from(sealed, 'base64'));
  return { ...client, client_secret: secret.toString() };
}

function secretKey(config: Config): Buffer {
  if (!config.secretsEncryptionKey) throw new Error('SECRETS_ENCRYPTION_KEY is required');
  return config.secretsEncryptionKey;
}
