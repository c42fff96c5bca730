import express, { type Router } from 'express';
import { jsonEndpoint, text } from '../kit/json-endpoint.js';
import { Passkeys, type RegistrationLink } from '../../accounts/passkeys/passkeys.js';
import { webScript } from '../../ui/web-scripts.js';
import { newLinkFlow, type LinkPageDependencies } from '../kit/new-link-flow.js';
import { brandOf } from '../kit/branding.js';
import { csrf as createCsrf, linkPages } from '../kit/page-kit.js';
import { pageRoute } from '../kit/page-route.js';
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

/** The offer of a new link where one no longer works. */
const NEW_REGISTRATION_LINK = {
  path: NEW_LINK_PATH,
  name: 'passwordless-link',
  words: REGISTRATION_WORDS,
};

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
export function registrationRoutes(deps: LinkPageDependencies): Router {
  const { dataSource, config, logger } = deps;
  const router = express.Router();
  const csrf = createCsrf(config);
  const passkeys = new Passkeys(config, dataSource);
  const send = linkPages(REGISTRATION_WORDS);
  const newLink = newLinkFlow(deps, csrf, NEW_REGISTRATION_LINK, requestPasswordlessLinks);

  router.get(SCRIPT_PATH, webScript('passkey-register'));

  router.get(
    REGISTRATION_PATH,
    pageRoute(logger, async (request, response) => {
      const link = linkOf(request.query);
      if ((await passkeys.linkState(link)) !== 'valid') return newLink.gone(request, response);
      const csrfToken = csrf.token(request, response);
      // A link that works shows the label policy of its user's organization.
      const brand = await brandOf(dataSource, { userId: link.userId });
      send(request, response, 200, (w) => [w.title, registrationForm(w, link, csrfToken)], brand);
    }),
  );

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

  router.use(newLink.router);
  return router;
}
