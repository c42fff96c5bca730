import express, { type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { readSigningJwk } from '../auth/token-keys.js';
import { interactionRoutes } from './interaction-routes.js';
import { createOidcProvider, OIDC_PREFIX } from './oidc-provider.js';

export interface SignIn {
  /** The provider's endpoints, discovery and the sign-in pages, for the HTTP app. */
  router: Router;
  close(): Promise<void>;
}

/**
 * Sign-in on the HTTP port: the OpenID provider, which needs the signing key
 * (`JWT_SIGNING_KEY_FILE`) and the secret key; without them there is none.
 */
export async function startSignIn(
  config: Config,
  dataSource: DataSource,
  logger: Logger,
): Promise<SignIn | undefined> {
  if (!config.auth.signingKeyFile || !config.secretsEncryptionKey) return undefined;
  const provider = createOidcProvider(
    config,
    dataSource,
    await readSigningJwk(config.auth.signingKeyFile),
  );
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'OpenID provider'));
  const callback = provider.callback();
  const router = express.Router();
  // The provider answers its own paths whole (koa); the prefix stays on the URL it sees.
  router.use((request, response, next) => {
    const { path } = request;
    if (path.startsWith(`${OIDC_PREFIX}/`) || path === '/.well-known/openid-configuration')
      void callback(request, response);
    else next();
  });
  const interactions = interactionRoutes(provider, config, dataSource, logger);
  router.use(interactions.router);
  return { router, close: interactions.close };
}
