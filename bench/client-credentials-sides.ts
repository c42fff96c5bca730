/**
 * The two token endpoints `npm run bench:client-credentials` sets side by side, each with one
 * confidential client that may use the client-credentials grant and nothing else:
 *
 * - ours: the API as a process of its own over a fresh MariaDB database (migrate-services.ts,
 *   without Kafka, relay or worker: a token request publishes nothing), a machine user made
 *   through the management operations with `identityctl setup`'s token, and its secret;
 * - Keycloak 26 (keycloak-import.ts): a realm of its own with a client `bench`
 *   (`serviceAccountsEnabled`, no browser or password flows) and a known secret.
 *
 * Each side is checked once before it is measured: one token request must answer 200 with a
 * Bearer access token.
 */
import { randomBytes } from 'node:crypto';
import { KeycloakServer } from './keycloak-import.js';
import { startDistributed } from './migrate-services.js';

/** A token endpoint and what to send it, and the process that answers it. */
export interface TokenSide {
  name: 'ours' | 'keycloak';
  /** Its origins, `http://127.0.0.1:<port>`: one per server process; callers take turns. */
  origins: string[];
  /** The token endpoint's path. */
  tokenPath: string;
  /** `Basic base64(clientId:clientSecret)`. */
  authorization: string;
  /** The server process, for its CPU: our API's node, Keycloak's JVM. */
  pids: number[];
  /** What the side runs, for the results. */
  describe: Record<string, unknown>;
  stop(): Promise<void>;
}

export const TOKEN_REQUEST_BODY = 'grant_type=client_credentials';

/** `stop` run once however often it is called (at the end, and on a signal meanwhile). */
function once(stop: () => Promise<void>): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () => (stopped ??= stop());
}

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** One call with fetch: its JSON answer, or an error saying which call and what came back. */
async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/** One token request; fails unless it answers 200 with a Bearer token. */
async function checkTokenRequest(side: TokenSide): Promise<void> {
  const token = await call(`${side.origins[0]}${side.tokenPath}`, {
    method: 'POST',
    headers: {
      authorization: side.authorization,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: TOKEN_REQUEST_BODY,
  });
  if (typeof token.access_token !== 'string' || !/^bearer$/i.test(String(token.token_type)))
    throw new Error(
      `${side.name}: the token answer holds no Bearer token: ${JSON.stringify(token)}`,
    );
  side.describe.tokenAnswer = {
    token_type: token.token_type,
    expires_in: token.expires_in,
    access_token: token.access_token.split('.').length === 3 ? 'a JWT' : 'opaque',
  };
}

/** The side once one token request checks out; stopped, and the failure passed on, if not. */
async function checked(side: TokenSide): Promise<TokenSide> {
  try {
    await checkTokenRequest(side);
    return side;
  } catch (error) {
    await side.stop();
    throw error;
  }
}

/**
 * Our API, over a database of its own, and a machine user with a secret: `replicas` processes,
 * as the deployment runs two (deploy/kustomize/base/api-deployment.yaml). A Node process works on
 * one core; Keycloak's JVM works on every core with its threads.
 */
export async function startOurs(replicas: number): Promise<TokenSide> {
  // No broker: the API then reports no Kafka check, and token requests publish no events.
  const service = await startDistributed('', false, replicas);
  const apis = service.processes.filter((p) => p.name.startsWith('API'));
  const management = async (method: string, path: string, body: unknown) =>
    call(`${service.url}/management/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const side: TokenSide = {
    name: 'ours',
    origins: service.urls!,
    tokenPath: '/oidc/token',
    authorization: '',
    pids: apis.map((api) => api.pid),
    describe: {
      api: `dist/services/api/main.js, ${replicas} process${replicas > 1 ? 'es' : ''} (replicas)`,
      databasePoolSize: 20,
    },
    stop: once(() => service.stop()),
  };
  try {
    const added = await management('POST', '/users/machine', {
      userName: `bench-client-${randomBytes(4).toString('hex')}`,
      name: 'Client credentials bench',
      description: 'token requests with its secret',
    });
    const userId = String(added.userId);
    const secret = await management('PUT', `/users/${userId}/secret`, {});
    side.authorization = basic(String(secret.clientId), String(secret.clientSecret));
  } catch (error) {
    await side.stop();
    throw error;
  }
  return checked(side);
}

/** Keycloak 26 over a database of its own, a realm and a confidential client `bench`. */
export async function startKeycloak(run: string): Promise<TokenSide> {
  const server = await KeycloakServer.start({ databaseName: `kc_bench_cc_${run}` });
  const realm = 'client-credentials';
  const secret = randomBytes(24).toString('base64url');
  const side: TokenSide = {
    name: 'keycloak',
    origins: [server.url],
    tokenPath: `/realms/${realm}/protocol/openid-connect/token`,
    authorization: basic('bench', secret),
    pids: [server.pid],
    describe: { start: 'kc.sh start --optimized --cache local' },
    stop: () => server.stop(), // KeycloakServer.stop runs once itself
  };
  try {
    const info = (await server.admin('GET', '/admin/serverinfo')) as {
      systemInfo?: { version?: string };
    };
    side.describe.version = info.systemInfo?.version;
    await server.admin('POST', '/admin/realms', { realm, enabled: true });
    await server.admin('POST', `/admin/realms/${realm}/clients`, {
      clientId: 'bench',
      enabled: true,
      protocol: 'openid-connect',
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      secret,
      serviceAccountsEnabled: true,
      standardFlowEnabled: false,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
    });
  } catch (error) {
    await side.stop();
    throw error;
  }
  return checked(side);
}
