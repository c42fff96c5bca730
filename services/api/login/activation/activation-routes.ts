import express, { type Router } from 'express';
import { redeemInitializationCode } from '../../accounts/activation.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import { requestInitializationEmails } from '../../accounts/new-links.js';
import { brandOf } from '../kit/branding.js';
import { formOf, queryOf } from '../kit/forms.js';
import { expiredForm, newLinkFlow, type LinkPageDependencies } from '../kit/new-link-flow.js';
import { newPasswordForm } from '../kit/new-password-form.js';
import { csrf as createCsrf, linkPages } from '../kit/page-kit.js';
import { pageRoute } from '../kit/page-route.js';
import { ACTIVATION_PATH, activeBody, RESEND_PATH } from './activation-pages.js';
import { ACTIVATION_WORDS } from './activation-words.js';

/** The offer of a new email where a link no longer works. */
const NEW_ACTIVATION_LINK = { path: RESEND_PATH, name: 'resend-init', words: ACTIVATION_WORDS };

/** A link's fields, and the password form's: none longer than these. */
const LINK = { userID: 100, code: 200 };
const PASSWORD_FORM = { ...LINK, password: 1000, confirmation: 1000 };

/**
 * The page the initialization email's "Activate account" link opens
 * (`/ui/login/init?userID=…&code=…`): the code is checked (hash, expiry, single use) and the
 * person sets a password, which activates the account. A link that no longer works offers a new
 * email (the kit's new-link flow).
 */
export function activationRoutes(deps: LinkPageDependencies): Router {
  const { dataSource, config, logger } = deps;
  const router = express.Router();
  const csrf = createCsrf(config);
  const send = linkPages(ACTIVATION_WORDS);
  const newLink = newLinkFlow(deps, csrf, NEW_ACTIVATION_LINK, requestInitializationEmails);
  // A link that works shows the label policy of its user's organization.
  const brandOfUser = (userId: string) => brandOf(dataSource, { userId });
  const form = newPasswordForm(deps, csrf, {
    words: ACTIVATION_WORDS,
    action: () => ACTIVATION_PATH,
    button: (w) => w.activate,
  });

  router.get(
    ACTIVATION_PATH,
    pageRoute(logger, async (request, response) => {
      const { userID: userId, code } = queryOf(request, LINK);
      const found = await findInitializationCode(dataSource, userId, code);
      if (found.state !== 'valid') return newLink.gone(request, response);
      await form.show(request, response, { userId, code });
    }),
  );

  router.post(
    ACTIVATION_PATH,
    express.urlencoded({ extended: false, limit: '16kb' }),
    pageRoute(logger, async (request, response) => {
      if (!csrf.verify(request)) return send(request, response, 403, expiredForm);
      const { userID: userId, code, password, confirmation } = formOf(request, PASSWORD_FORM);
      const found = await findInitializationCode(dataSource, userId, code);
      if (!('codeId' in found) || found.state !== 'valid') return newLink.gone(request, response);
      const typed = { password, confirmation };
      const passwordHash = await form.take(request, response, { userId, code }, typed);
      if (!passwordHash) return;
      const redeemed = await redeemInitializationCode(
        dataSource,
        { userId, codeId: found.codeId, code },
        passwordHash,
      );
      if (redeemed !== 'redeemed') return newLink.gone(request, response);
      logger.info({ userId, codeId: found.codeId }, 'account activated');
      send(
        request,
        response,
        200,
        (w) => [w.activeTitle, activeBody(w)],
        await brandOfUser(userId),
      );
    }),
  );
  router.use(newLink.router);
  return router;
}
