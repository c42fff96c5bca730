import express, { type Request, type Response, type Router } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import { createRateLimit } from '../../pipeline/rate-limit.js';
import { formOf } from './forms.js';
import { failurePage } from './page-route.js';
import {
  html,
  linkPages,
  type Csrf,
  type Language,
  type NewLinkWords,
  type SafeHtml,
} from './page-kit.js';

/** New links one client address may ask for per quarter hour, and one login per hour. */
const PER_ADDRESS = { requests: 5, windowSeconds: 900 };
const PER_LOGIN = { requests: 3, windowSeconds: 3600 };

/** What the link pages' routes are built with. */
export interface LinkPageDependencies {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  /** Counts the new-link form's uses across replicas; in memory without it. */
  redis: Redis | undefined;
}

/** One page flow's offer: where it posts, the name of its counts, its words. */
export interface NewLinkOffer {
  /** Where the offer posts (`/ui/login/init/resend`). */
  path: string;
  /** The start of its counts' keys (`resend-init`). */
  name: string;
  words: Record<Language, NewLinkWords>;
}

export interface NewLinkFlow {
  /** The page of a link that no longer works (410): it says so and offers a new link. */
  gone(request: Request, response: Response): void;
  /** Serves the offer's form, posted to the flow's path. */
  router: Router;
}

/**
 * The one "send me a new link" flow of the link pages (activation, passkey registration): the
 * offer where a link no longer works, and the answer to it. Each use is counted per client address
 * and per login before anything is looked up (rate-limiter-flexible: in Redis when there is one,
 * so replicas count together), and the answer is the same whoever the login names.
 */
export function newLinkFlow(
  { dataSource, config, logger, redis }: LinkPageDependencies,
  csrf: Csrf,
  { path, name, words }: NewLinkOffer,
  /** Asks for the links of the users the login names (the request: the form's other fields). */
  requestLinks: (dataSource: DataSource, login: string, request: Request) => Promise<void>,
): NewLinkFlow {
  const perAddress = createRateLimit(PER_ADDRESS, redis, config.redisKeyPrefix)!;
  const perLogin = createRateLimit(PER_LOGIN, redis, config.redisKeyPrefix)!;
  const send = linkPages(words);
  const router = express.Router();

  router.post(
    path,
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (request, response) => {
      if (!csrf.verify(request)) return send(request, response, 403, expiredForm);
      const login = formOf(request, { login: 320 }).login.trim();
      try {
        await perAddress.consume(`${name}-address:${request.ip}`);
        await perLogin.consume(`${name}-login:${uniqueNameKey(login)}`);
        await requestLinks(dataSource, login, request);
      } catch (error) {
        if (!(error instanceof ServiceError && error.id === 'RATE-LIMITED'))
          return failurePage(request, response, logger, error);
        return send(request, response, 429, (w) => [w.limitedTitle, html`<p>${w.limited}</p>`]);
      }
      send(request, response, 200, (w) => [w.sentTitle, html`<p>${w.sent}</p>`]);
    },
  );

  return {
    gone: (request, response) =>
      send(request, response, 410, (w) => [
        w.goneTitle,
        offer(w, csrf.token(request, response), path),
      ]),
    router,
  };
}

/** The page of a form whose CSRF token no longer fits (403 with it): ask to open the link again. */
export function expiredForm(words: NewLinkWords): [string, SafeHtml] {
  return [words.expiredFormTitle, html`<p>${words.expiredForm}</p>`];
}

/** The offer of a new link, posted to `action`. */
export function offer(words: NewLinkWords, csrf: string, action: string): SafeHtml {
  return html`<p>${words.gone}</p>
    ${loginForm(words, csrf, action)}`;
}

/** The form that asks for a link by login, posted to `action` with the `hidden` fields. */
export function loginForm(
  words: NewLinkWords,
  csrf: string,
  action: string,
  hidden: Record<string, string> = {},
): SafeHtml {
  return html`<form method="post" action="${action}">
    <input type="hidden" name="_csrf" value="${csrf}" />
    ${Object.entries(hidden).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    )}
    <label
      >${words.login}
      <input type="text" name="login" autocomplete="username" maxlength="320" required />
    </label>
    <button type="submit">${words.send}</button>
  </form>`;
}
