import type { RequestListener } from 'node:http';
import express, { type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import type { FailedAttempts } from '../../accounts/failed-attempts.js';
import { readSigningJwk } from '../../auth/token-keys.js';
import { interactionRoutes } from './interaction-routes.js';
import { errorPage, signedOutPage, signOutPage } from './provider-pages.js';
import { OIDC_PREFIX } from '../../oidc/oidc-paths.js';
import { databaseAdapter } from '../../oidc/oidc-adapter.js';
import { storedIdOf } from '../../oidc/stored-ids.js';
import { secretKeyOf } from '../../../../shared/credentials/secret-key.js';
import { Brokering } from '../../brokering/brokered-sign-in.js';
import { endSessionAtProvider, idpSignedOutRoute } from './idp-sign-out.js';

export interface SignIn {
  /** The provider's endpoints, discovery and the sign-in pages, for the HTTP app. */
  router: Router;
  /** The provider's own handler, and the paths it answers past express (provider-lane.ts). */
  lane: { provider: RequestListener; paths: readonly string[] };
}

/**
 * Sign-in on the HTTP port: the OpenID provider, which needs the signing key
 * (`JWT_SIGNING_KEY_FILE`) and the secret key; without them there is none.
 */
export async function startSignIn(
  config: Config,
  dataSource: DataSource,
  logger: Logger,
  attempts: FailedAttempts,
): Promise<SignIn | undefined> {
  if (!config.auth.signingKeyFile || !config.secretsEncryptionKey) return undefined;
  const { createOidcProvider, MACHINE_ENDPOINTS } = await importProvider(logger);
  const provider = createOidcProvider(
    config,
    dataSource,
    await readSigningJwk(config.auth.signingKeyFile),
    { signOut: signOutPage, signedOut: signedOutPage, error: errorPage },
  );
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'OpenID provider'));
  // Sign-in through identity providers: its records kept as the provider's (keyed hashes).
  const Stored = databaseAdapter(dataSource, { storedId: storedIdOf(secretKeyOf(config)) });
  const brokering = new Brokering({ dataSource, config, logger }, (model) => new Stored(model));
  provider.use(endSessionAtProvider(brokering.signOut, logger));
  const callback = provider.callback();
  const router = express.Router();
  // The provider answers its own paths whole (koa); the prefix stays on the URL it sees.
  router.use((request, response, next) => {
    const { path } = request;
    if (path.startsWith(`${OIDC_PREFIX}/`) || path === '/.well-known/openid-configuration')
      void callback(request, response);
    else next();
  });
  idpSignedOutRoute(router, brokering.signOut, logger);
  router.use(interactionRoutes(provider, config, dataSource, logger, attempts, brokering));
  return {
    router,
    // koa answers errors itself: its promise never rejects.
    lane: {
      provider: (request, response) => void callback(request, response),
      paths: MACHINE_ENDPOINTS,
    },
  };
}

/**
 * The provider's module, loaded only when sign-in is offered. oidc-provider 9 warns on the
 * console when imported on a Node older than 22 (works on 20, tested on 22 and later); that
 * warning goes to the log, so a failed start still says one line on stderr.
 */
async function importProvider(
  logger: Logger,
): Promise<typeof import('../../oidc/oidc-provider.js')> {
  const warn = console.warn;
  console.warn = (...words: unknown[]) =>
    logger.warn({ library: 'oidc-provider' }, words.join(' '));
  try {
    return await import('../../oidc/oidc-provider.js');
  } finally {
    console.warn = warn;
  }
}
