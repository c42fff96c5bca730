import express, { type Router } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { jsonEndpoint, text } from '../kit/json-endpoint.js';
import { Passkeys, type RegistrationLink } from '../../accounts/passkeys/passkeys.js';
import { createRateLimit } from '../../pipeline/rate-limit.js';
import { webScript } from '../../ui/web-scripts.js';
import { csrf as createCsrf, html, linkPages } from '../kit/page-kit.js';
import {
  NEW_LINK_PATH,
  OPTIONS_PATH,
  REGISTER_PATH,
  REGISTRATION_PATH,
  registrationForm,
  SCRIPT_PATH,
} from './registration-pages.js';
import { REGISTRATION_WORDS } from './registration-words.js';
import { requestPasswordlessLinks } from '../../accounts/new-links.js';
import { uniqueNameKey } from '../../operations/unique-name-key.js';
import { resendForm } from '../activation/activation-pages.js';

interface RegistrationDependencies {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  /** Counts the new-link form's uses across replicas; in memory without it. */
  redis: Redis | undefined;
}

/** New links one client address may ask for per quarter hour, and one login per hour. */
const PER_ADDRESS = { requests: 5, windowSeconds: 900 };
const PER_LOGIN = { requests: 3, windowSeconds: 3600 };

/** The link's four fields, from the page's query or a script's body. */
function linkOf(fields: Record<string, unknown>): RegistrationLink {
  return {
    userId: text(fields.userID),
    orgId: text(fields.orgID),
    codeId: text(fields.codeID),
    code: text(fields.code),
  };
}

/**
 * The page the import's passwordless registration link opens
 * (`/ui/login/passwordless/init?userID&orgID&codeID&code`): the link is checked (the code's hash,
 * owner, organization, expiry and single use) and the person registers a passkey, through the
 * script's two JSON calls (options, then the authenticator's answer). A link that no longer works
 * offers a new one by email, through a rate-limited form that answers alike whoever it names.
 */
export function registrationRoutes({
  dataSource,
  config,
  logger,
  redis,
}: RegistrationDependencies): Router {
  const router = express.Router();
  const csrf = createCsrf(config);
  const passkeys = new Passkeys(config, dataSource);
  const perAddress = createRateLimit(PER_ADDRESS, redis, config.redisKeyPrefix)!;
  const perLogin = createRateLimit(PER_LOGIN, redis, config.redisKeyPrefix)!;

  const send = linkPages(REGISTRATION_WORDS);

  router.get(SCRIPT_PATH, webScript('passkey-register'));

  router.get(REGISTRATION_PATH, async (request, response, next) => {
    try {
      const link = linkOf(request.query);
      if ((await passkeys.linkState(link)) !== 'valid')
        return send(request, response, 410, (w) => [
          w.goneTitle,
          resendForm(w, csrf.token(request, response), NEW_LINK_PATH),
        ]);
      send(request, response, 200, (w) => [
        w.title,
        registrationForm(w, link, csrf.token(request, response)),
      ]);
    } catch (error) {
      next(error);
    }
  });

  router.post(
    OPTIONS_PATH,
    ...jsonEndpoint(csrf, logger, (_request, body) => passkeys.startLinkRegistration(linkOf(body))),
  );

  router.post(
    REGISTER_PATH,
    ...jsonEndpoint(csrf, logger, async (_request, body) => {
      const name = text(body.name).trim();
      const passkey = await passkeys.finishLinkRegistration(
        linkOf(body),
        text(body.ceremonyId),
        body.credential,
        name === '' ? undefined : name,
      );
      logger.info({ userId: text(body.userID), passkeyId: passkey.id }, 'passkey registered');
      return { passkey };
    }),
  );

  router.post(
    NEW_LINK_PATH,
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (request, response, next) => {
      if (!csrf.verify(request))
        return send(request, response, 403, (w) => [
          w.expiredFormTitle,
          html`<p>${w.expiredForm}</p>`,
        ]);
      const login = text((request.body as Record<string, unknown>).login)
        .trim()
        .slice(0, 320);
      try {
        await perAddress.consume(`passwordless-link-address:${request.ip}`);
        await perLogin.consume(`passwordless-link-login:${uniqueNameKey(login)}`);
        await requestPasswordlessLinks(dataSource, login);
      } catch (error) {
        if (!(error instanceof ServiceError && error.id === 'RATE-LIMITED')) return next(error);
        return send(request, response, 429, (w) => [w.limitedTitle, html`<p>${w.limited}</p>`]);
      }
      send(request, response, 200, (w) => [w.sentTitle, html`<p>${w.sent}</p>`]);
    },
  );
  return router;
}
