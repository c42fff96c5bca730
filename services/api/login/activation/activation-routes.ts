import express, { type Request, type Response, type Router } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { hashPassword, inHashingSlot } from '../../credentials/password-hash.js';
import { meetsPasswordPolicy } from '../../credentials/password-policy.js';
import { uniqueNameKey } from '../../operations/unique-name-key.js';
import { createRateLimit } from '../../pipeline/rate-limit.js';
import { csrf as createCsrf, linkPages } from '../kit/page-kit.js';
import { redeemInitializationCode } from '../../accounts/activation.js';
import { requestInitializationEmails } from '../../accounts/new-links.js';
import { policyInWords } from '../kit/password-policy-words.js';
import { ACTIVATION_WORDS, type ActivationWords } from './activation-words.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import {
  ACTIVATION_PATH,
  activeBody,
  message,
  passwordForm,
  RESEND_PATH,
  resendForm,
} from './activation-pages.js';

interface ActivationDependencies {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  /** Counts the resend form's uses across replicas; in memory without it. */
  redis: Redis | undefined;
}

/** New emails one client address may ask for per quarter hour, and one login per hour. */
const RESENDS_PER_ADDRESS = { requests: 5, windowSeconds: 900 };
const RESENDS_PER_LOGIN = { requests: 3, windowSeconds: 3600 };

const field = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The page the initialization email's "Activate account" link opens
 * (`/ui/login/init?userID=…&code=…`): the code is checked (hash, expiry, single use) and the
 * person sets a password, which activates the account. A link that no longer works offers a new
 * email, through a form that is rate-limited and answers alike whether the account exists.
 */
export function activationRoutes({
  dataSource,
  config,
  logger,
  redis,
}: ActivationDependencies): Router {
  const router = express.Router();
  const csrf = createCsrf(config);
  const perAddress = createRateLimit(RESENDS_PER_ADDRESS, redis, config.redisKeyPrefix)!;
  const perLogin = createRateLimit(RESENDS_PER_LOGIN, redis, config.redisKeyPrefix)!;
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  const send = linkPages(ACTIVATION_WORDS);
  const gone = (request: Request, response: Response) =>
    send(request, response, 410, (w) => [
      w.goneTitle,
      resendForm(w, csrf.token(request, response)),
    ]);
  const askAgain = (
    request: Request,
    response: Response,
    userId: string,
    code: string,
    error: (w: ActivationWords) => string,
  ) =>
    send(request, response, 400, (w) => [
      w.title,
      passwordForm(w, config.passwordPolicy, {
        userId,
        code,
        csrf: csrf.token(request, response),
        error: error(w),
      }),
    ]);

  router.get(ACTIVATION_PATH, async (request, response, next) => {
    const [userId, code] = [field(request.query.userID), field(request.query.code)];
    const found = await findInitializationCode(dataSource, userId, code).catch(next);
    if (!found) return;
    if (found.state !== 'valid') return gone(request, response);
    send(request, response, 200, (w) => [
      w.title,
      passwordForm(w, config.passwordPolicy, { userId, code, csrf: csrf.token(request, response) }),
    ]);
  });

  router.post(ACTIVATION_PATH, form, async (request, response, next) => {
    if (!csrf.verify(request))
      return send(request, response, 403, (w) => [w.expiredFormTitle, message(w.expiredForm)]);
    const body = request.body as Record<string, unknown>;
    const [userId, code, password] = [field(body.userID), field(body.code), field(body.password)];
    try {
      const found = await findInitializationCode(dataSource, userId, code);
      if (!('codeId' in found) || found.state !== 'valid') return gone(request, response);
      if (password !== field(body.confirmation))
        return askAgain(request, response, userId, code, (w) => w.mismatch);
      if (!meetsPasswordPolicy(config.passwordPolicy, password))
        return askAgain(request, response, userId, code, (w) =>
          policyInWords(w.policy, config.passwordPolicy),
        );
      const passwordHash = await inHashingSlot(config.passwordHashConcurrency, () =>
        hashPassword(password),
      );
      const redeemed = await redeemInitializationCode(
        dataSource,
        { userId, codeId: found.codeId, code },
        passwordHash,
      );
      if (redeemed !== 'redeemed') return gone(request, response);
      logger.info({ userId, codeId: found.codeId }, 'account activated');
      send(request, response, 200, (w) => [w.activeTitle, activeBody(w)]);
    } catch (error) {
      next(error);
    }
  });

  router.post(RESEND_PATH, form, async (request, response, next) => {
    if (!csrf.verify(request))
      return send(request, response, 403, (w) => [w.expiredFormTitle, message(w.expiredForm)]);
    const login = field((request.body as Record<string, unknown>).login)
      .trim()
      .slice(0, 320);
    try {
      await perAddress.consume(`resend-init-address:${request.ip}`);
      await perLogin.consume(`resend-init-login:${uniqueNameKey(login)}`);
      await requestInitializationEmails(dataSource, login);
    } catch (error) {
      if (!(error instanceof ServiceError && error.id === 'RATE-LIMITED')) return next(error);
      return send(request, response, 429, (w) => [w.limitedTitle, message(w.limited)]);
    }
    send(request, response, 200, (w) => [w.sentTitle, message(w.sent)]);
  });
  return router;
}
