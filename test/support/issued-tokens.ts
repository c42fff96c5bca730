import { randomBytes } from 'node:crypto';
import { CLIENT_CREDENTIALS_MODEL } from '../../services/api/oidc/machine-tokens.js';
import { storedIdOf } from '../../services/api/oidc/stored-ids.js';
import { secretKeyOf } from '../../shared/credentials/secret-key.js';
import type { TestService } from './test-service.js';

/**
 * An access token the OpenID provider issued a machine user by client credentials, stored as its
 * adapter files one (under the token's keyed hash and the client, the user's id), to see an
 * operation revoke it.
 */
export async function issuedToken(service: TestService, userId: string): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await service.dataSource.query(
    'INSERT INTO oidc_payloads (model, id, payload, grant_id) VALUES (?, ?, ?, ?)',
    [CLIENT_CREDENTIALS_MODEL, storedIdOf(secretKeyOf(service.config))(id), '{}', userId],
  );
  return id;
}

/** How many of the machine user's provider-issued access tokens are left. */
export const tokensOf = (service: TestService, userId: string): Promise<number> =>
  service.count('oidc_payloads', 'model = ? AND grant_id = ?', [CLIENT_CREDENTIALS_MODEL, userId]);
