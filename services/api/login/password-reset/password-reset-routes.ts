import express, { type Request, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../../../shared/logging/logger.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import { redeemPasswordResetCode, requestPasswordResets } from '../../accounts/password-reset.js';
import { hashPassword, inHashingSlot } from '../../credentials/password-hash.js';
import { meetsPasswordPolicy } from '../../credentials/password-policy.js';
import { queueAccountArtifactsEnded } from '../../oidc/account-artifacts.js';
import { brandOf, type Brand } from '../kit/branding.js';
import { formOf, queryOf } from '../kit/forms.js';
import {
  expiredForm,
  newLinkFlow,
  offer,
  type LinkPageDependencies,
} from '../kit/new-link-flow.js';
import { csrf as createCsrf, linkPages } from '../kit/page-kit.js';
import { pageRoute } from '../kit/page-route.js';
import { policyInWords } from '../kit/password-policy-words.js';
import {
  changedBody,
  FORGOT_PATH,
  forgotBody,
  interactionIdOf,
  passwordForm,
  RESET_PATH,
} from './password-reset-pages.js';
import { PASSWORD_RESET_WORDS, type PasswordResetWords } from './password-reset-words.js';

/** A link's fields, and the password form's: none longer than these. */
const LINK = { userID: 100, code: 200, interaction: 100 };
const PASSWORD_FORM = { userID: 100, code: 200, password: 1000, confirmation: 1000 };

/** The pages of a password reset, for its own routes and for the sign-in's (which continue one). */
export interface PasswordResetPages {
  /** The "Forgot password?" form (200); within a sign-in it carries `interaction` along. */
  forgot(request: Request, response: Response, interaction?: string, brand?: Brand): void;
  /**
   * Sets the password the posted reset form asks for: its CSRF token, its code (hash, expiry,
   * single use, a user still active), the two passwords alike and under the policy. Answers the
   * user's id once it is set; else undefined, having answered the page that says why.
   */
  redeem(request: Request, response: Response, interaction?: string): Promise<string | undefined>;
  /** "Your password is changed", and the way to sign in. */
  changed(request: Request, response: Response, userId: string): Promise<void>;
}

export function passwordResetPages(
  deps: Pick<LinkPageDependencies, 'dataSource' | 'config' | 'logger'>,
): PasswordResetPages {
  const { dataSource, config, logger } = deps;
  const csrf = createCsrf(config);
  const send = linkPages(PASSWORD_RESET_WORDS);
  const brandOfUser = (userId: string) => brandOf(dataSource, { userId });
  const gone = (request: Request, response: Response) =>
    send(request, response, 410, (w) => [
      w.goneTitle,
      offer(w, csrf.token(request, response), FORGOT_PATH),
    ]);
  const askAgain = async (
    request: Request,
    response: Response,
    link: { userId: string; code: string; interaction?: string },
    error: (w: PasswordResetWords) => string,
  ) =>
    send(
      request,
      response,
      400,
      (w) => [
        w.title,
        passwordForm(w, config.passwordPolicy, {
          ...link,
          csrf: csrf.token(request, response),
          error: error(w),
        }),
      ],
      await brandOfUser(link.userId),
    );

  return {
    forgot: (request, response, interaction, brand) =>
      send(
        request,
        response,
        200,
        (w) => [w.forgotTitle, forgotBody(w, csrf.token(request, response), interaction)],
        brand,
      ),

    async redeem(request, response, interaction) {
      if (!csrf.verify(request)) return void send(request, response, 403, expiredForm);
      const { userID: userId, code, password, confirmation } = formOf(request, PASSWORD_FORM);
      const found = await findInitializationCode(dataSource, userId, code, 'password_reset');
      if (!('codeId' in found) || found.state !== 'valid') return void gone(request, response);
      const link = { userId, code, ...(interaction && { interaction }) };
      if (password !== confirmation)
        return void (await askAgain(request, response, link, (w) => w.mismatch));
      if (!meetsPasswordPolicy(config.passwordPolicy, password))
        return void (await askAgain(request, response, link, (w) =>
          policyInWords(w.policy, config.passwordPolicy),
        ));
      const passwordHash = await inHashingSlot(config.passwordHashConcurrency, () =>
        hashPassword(password),
      );
      const redeemed = await redeemPasswordResetCode(
        dataSource,
        { userId, codeId: found.codeId, code },
        passwordHash,
        queueAccountArtifactsEnded,
      );
      if (redeemed !== 'redeemed') return void gone(request, response);
      logger.info({ userId, codeId: found.codeId }, 'password reset');
      return userId;
    },

    changed: async (request, response, userId) =>
      send(
        request,
        response,
        200,
        (w) => [w.changedTitle, changedBody(w)],
        await brandOfUser(userId),
      ),
  };
}

/**
 * The password reset from the sign-in page: "Forgot password?" (`/ui/login/password/forgot`)
 * takes a user name or email address and answers alike whoever it names, counted per client
 * address and per login before anything is looked up (the kit's new-link flow); the users it
 * names are looked up and their emails asked for after the answer, so that its time tells
 * nothing. The email's link opens `/ui/login/password/reset?userID&code`, whose form sets a new
 * password; one that continues a sign-in posts under the sign-in's path instead
 * (sign-in/password-reset-routes.ts).
 */
export function passwordResetRoutes(deps: LinkPageDependencies): Router {
  const { dataSource, config, logger } = deps;
  const router = express.Router();
  const csrf = createCsrf(config);
  const pages = passwordResetPages(deps);
  const send = linkPages(PASSWORD_RESET_WORDS);
  const requestResets = (dataSource: DataSource, login: string, request: Request) => {
    const interaction = interactionIdOf(formOf(request, { interaction: 100 }).interaction);
    afterTheAnswer(logger, () => requestPasswordResets(dataSource, login, interaction));
    return Promise.resolve();
  };
  const forgotOffer = { path: FORGOT_PATH, name: 'password-reset', words: PASSWORD_RESET_WORDS };
  const forgotten = newLinkFlow(deps, csrf, forgotOffer, requestResets);

  router.get(
    FORGOT_PATH,
    pageRoute(logger, (request, response) => pages.forgot(request, response)),
  );

  router.get(
    RESET_PATH,
    pageRoute(logger, async (request, response) => {
      const { userID: userId, code, interaction } = queryOf(request, LINK);
      const found = await findInitializationCode(dataSource, userId, code, 'password_reset');
      if (found.state !== 'valid') return forgotten.gone(request, response);
      const form = {
        userId,
        code,
        csrf: csrf.token(request, response),
        ...(interactionIdOf(interaction) && { interaction }),
      };
      send(
        request,
        response,
        200,
        (w) => [w.title, passwordForm(w, config.passwordPolicy, form)],
        await brandOf(dataSource, { userId }),
      );
    }),
  );

  router.post(
    RESET_PATH,
    express.urlencoded({ extended: false, limit: '16kb' }),
    pageRoute(logger, async (request, response) => {
      const userId = await pages.redeem(request, response);
      if (userId) await pages.changed(request, response, userId);
    }),
  );
  router.use(forgotten.router);
  return router;
}

/**
 * Work the answer must not wait for, begun once it is sent: so that what it finds (a user or
 * none) does not change when the page answers. Its failure is logged by name (no secret in it).
 */
function afterTheAnswer(logger: Logger, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) =>
      logger.error({ error: (error as Error)?.name }, 'asking for a password reset failed'),
    );
  });
}
