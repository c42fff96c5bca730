import express, { type Request, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../../../shared/logging/logger.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import { redeemPasswordResetCode, requestPasswordResets } from '../../accounts/password-reset.js';
import { queueAccountArtifactsEnded } from '../../oidc/account-artifacts.js';
import { brandOf, type Brand } from '../kit/branding.js';
import { formOf, queryOf } from '../kit/forms.js';
import {
  expiredForm,
  newLinkFlow,
  offer,
  type LinkPageDependencies,
} from '../kit/new-link-flow.js';
import { newPasswordForm, type PasswordLink } from '../kit/new-password-form.js';
import { csrf as createCsrf, linkPages } from '../kit/page-kit.js';
import { pageRoute } from '../kit/page-route.js';
import {
  changedBody,
  FORGOT_PATH,
  forgotBody,
  interactionIdOf,
  resetActionOf,
  RESET_PATH,
} from './password-reset-pages.js';
import { PASSWORD_RESET_WORDS, type PasswordResetWords } from './password-reset-words.js';

/** A link's fields, and the password form's: none longer than these. */
const LINK = { userID: 100, code: 200, interaction: 100 };
const PASSWORD_FORM = { userID: 100, code: 200, password: 1000, confirmation: 1000 };

/** A reset link: its user and code, and the sign-in it continues, when it does. */
type ResetLink = PasswordLink & { interaction?: string };

/** The pages of a password reset, for its own routes and for the sign-in's (which continue one). */
export interface PasswordResetPages {
  /** The "Forgot password?" form (200); within a sign-in it carries `interaction` along. */
  forgot(request: Request, response: Response, interaction?: string, brand?: Brand): void;
  /** The form of a link that works (200). */
  form(request: Request, response: Response, link: ResetLink): Promise<void>;
  /** The page of a link that no longer works (410), which offers a new email. */
  gone(request: Request, response: Response): void;
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
  const passwordForm = newPasswordForm<PasswordResetWords, ResetLink>(deps, csrf, {
    words: PASSWORD_RESET_WORDS,
    action: resetActionOf,
    button: (w) => w.save,
  });
  const gone = (request: Request, response: Response) =>
    send(request, response, 410, (w) => [
      w.goneTitle,
      offer(w, csrf.token(request, response), FORGOT_PATH),
    ]);

  return {
    forgot: (request, response, interaction, brand) =>
      send(
        request,
        response,
        200,
        (w) => [w.forgotTitle, forgotBody(w, csrf.token(request, response), interaction)],
        brand,
      ),

    form: (request, response, link) => passwordForm.show(request, response, link),

    gone,

    async redeem(request, response, interaction) {
      if (!csrf.verify(request)) return void send(request, response, 403, expiredForm);
      const { userID: userId, code, password, confirmation } = formOf(request, PASSWORD_FORM);
      const found = await findInitializationCode(dataSource, userId, code, 'password_reset');
      if (!('codeId' in found) || found.state !== 'valid') return void gone(request, response);
      const link = { userId, code, ...(interaction && { interaction }) };
      const passwordHash = await passwordForm.take(request, response, link, {
        password,
        confirmation,
      });
      if (!passwordHash) return;
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
        await brandOf(dataSource, { userId }),
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
      if (found.state !== 'valid') return pages.gone(request, response);
      const continued = interactionIdOf(interaction);
      await pages.form(request, response, { userId, code, ...(continued && { interaction }) });
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
