import type { AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { timeOf } from '../../../shared/db/data-source.js';
import { openClientSecret } from '../credentials/machine-credentials.js';

/** A machine user's id, the client id it authenticates with (an application's is 32 hex digits). */
const MACHINE_CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a machine user's client may do: get tokens for itself, and nothing through a browser. */
const CLIENT_CREDENTIALS_ONLY = {
  grant_types: ['client_credentials'],
  response_types: [],
  redirect_uris: [],
} as const;

/**
 * How a request authenticates a machine user's client: with a signed assertion (private_key_jwt,
 * RFC 7523) or with its secret (HTTP Basic, or in the form body).
 */
export type MachineClientAuth = 'private_key_jwt' | 'client_secret';

/**
 * The client of a machine user (a service account): its id is the user's, and what it
 * authenticates with is read at each request, so that a removed secret or key, a deactivated or
 * removed user, or an organization no longer active gets no token from the next request on. A
 * machine user may hold a secret and keys at once; a provider client has one authentication
 * method, so the one the request uses (`auth`) picks which this record offers. None for an id that
 * names no active machine user, or one without the credential the request brings. `clientId`
 * is a machine user's id (`isMachineClientId`): the adapter asks for no other.
 */
export async function machineClient(
  dataSource: DataSource,
  config: Config,
  clientId: string,
  auth: MachineClientAuth,
): Promise<AdapterPayload | undefined> {
  const users: { secret_encrypted: Buffer | null }[] = await dataSource.query(
    `SELECT m.secret_encrypted FROM machine_users m JOIN organizations o ON o.id = m.org_id
      WHERE m.id = ? AND m.state = 'active' AND o.state = 'active'`,
    [clientId],
  );
  const user = users[0];
  if (!user) return undefined;
  const client = { client_id: clientId, ...CLIENT_CREDENTIALS_ONLY };
  if (auth === 'client_secret') {
    if (!user.secret_encrypted) return undefined;
    return {
      ...client,
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: openClientSecret(config, Buffer.from(user.secret_encrypted)),
    };
  }
  const rows: { public_jwk: string | Record<string, unknown>; expiration_date: Date | string }[] =
    await dataSource.query(
      'SELECT public_jwk, expiration_date FROM machine_keys WHERE user_id = ?',
      [clientId],
    );
  const keys = rows.filter((key) => timeOf(key.expiration_date)!.getTime() > Date.now());
  if (keys.length === 0) return undefined;
  return {
    ...client,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: {
      keys: keys.map(({ public_jwk: jwk }) => (typeof jwk === 'string' ? JSON.parse(jwk) : jwk)),
    },
  };
}

/** Whether a client id is a machine user's (an application's never is). */
export function isMachineClientId(clientId: string): boolean {
  return MACHINE_CLIENT_ID.test(clientId);
}
