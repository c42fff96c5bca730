import express, { type Router } from 'express';
import type Provider from 'oidc-provider';
import type { Adapter } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { jsonEndpoint, text } from '../kit/json-endpoint.js';
import { Passkeys } from '../../accounts/passkeys/passkeys.js';
import { webScript } from '../../ui/web-scripts.js';
import type { Csrf } from '../kit/page-kit.js';
import { INTERACTION_PREFIX } from '../../oidc/oidc-paths.js';

/** Where the sign-in page's passkey script is served. */
export const PASSKEY_SCRIPT_PATH = `${INTERACTION_PREFIX}/passkey-sign-in.js`;

/**
 * Passkey sign-in within an interaction, for the sign-in page's script: `…/<uid>/passkey/options`
 * begins a ceremony (discoverable credentials, so no user name is needed first), and
 * `…/<uid>/passkey` verifies the answer, records the sign-in and finishes the interaction with
 * the passkey's user, answering where the browser goes next. Failures are the API's errors.
 */
export function passkeySignInRoutes(
  provider: Provider,
  config: Config,
  dataSource: DataSource,
  logger: Logger,
  forms: Csrf,
  states: Adapter,
): Router {
  const passkeys = new Passkeys(config, dataSource);
  const router = express.Router();
  router.get(PASSKEY_SCRIPT_PATH, webScript('passkey-sign-in'));

  /** The interaction the request is for; one that is gone is an expired ceremony. */
  const interactionOf = async (request: express.Request, response: express.Response) => {
    try {
      return await provider.interactionDetails(request, response);
    } catch {
      throw new ServiceError(
        'PASSKEY-CEREMONY-EXPIRED',
        'this sign-in has expired; please start again',
      );
    }
  };

  router.post(
    `${INTERACTION_PREFIX}/:uid/passkey/options`,
    ...jsonEndpoint(forms, logger, async (request, _body, response) => {
      await interactionOf(request, response);
      return passkeys.startSignIn();
    }),
  );

  router.post(
    `${INTERACTION_PREFIX}/:uid/passkey`,
    ...jsonEndpoint(forms, logger, async (request, body, response) => {
      const interaction = await interactionOf(request, response);
      const clientId = String(interaction.params.client_id);
      const { userId } = await passkeys.finishSignIn(
        text(body.ceremonyId),
        body.credential,
        clientId,
      );
      await states.destroy(interaction.uid);
      const location = await provider.interactionResult(
        request,
        response,
        { login: { accountId: userId, amr: ['hwk', 'user'] } },
        { mergeWithLastSubmission: false },
      );
      return { location };
    }),
  );
  return router;
}
