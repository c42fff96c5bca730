import express, { type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { redeemEmailVerificationCode } from '../../accounts/email-verification.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import { brandOf } from '../kit/branding.js';
import { formOf, queryOf } from '../kit/forms.js';
import { csrf as createCsrf, html, linkPages, type Language } from '../kit/page-kit.js';
import { pageRoute } from '../kit/page-route.js';

/** Where the verification email's link goes: `?userID=…&code=…`. */
export const EMAIL_VERIFICATION_PATH = '/ui/login/email/verify';

const LINK = { userID: 100, code: 200 };

const WORDS = {
  en: {
    title: 'Confirm your email address',
    intro: 'Confirm that this email address is yours.',
    confirm: 'Confirm email address',
    doneTitle: 'Your email address is confirmed',
    done: 'Thank you. You can close this page.',
    goneTitle: 'This link no longer works',
    gone: 'The link was used already, has expired, or is not right. Ask your administrator for a new one.',
    expiredFormTitle: 'This page has expired',
    expiredForm: 'The form was stale. Open the link from the email again.',
  },
  de: {
    title: 'E-Mail-Adresse bestätigen',
    intro: 'Bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört.',
    confirm: 'E-Mail-Adresse bestätigen',
    doneTitle: 'Ihre E-Mail-Adresse ist bestätigt',
    done: 'Vielen Dank. Sie können diese Seite schliessen.',
    goneTitle: 'Dieser Link funktioniert nicht mehr',
    gone: 'Der Link wurde schon verwendet, ist abgelaufen oder stimmt nicht. Bitten Sie Ihre Administration um einen neuen.',
    expiredFormTitle: 'Diese Seite ist abgelaufen',
    expiredForm: 'Das Formular war veraltet. Öffnen Sie den Link aus der E-Mail erneut.',
  },
} satisfies Record<Language, Record<string, string>>;

type Words = (typeof WORDS)['en'];

/**
 * The page the verification email's link opens: a valid code shows a button (a POST, so that a
 * mail scanner that follows links verifies nothing), whose form verifies the address. A link
 * that no longer works says so, in the same words whatever the reason.
 */
export function emailVerificationRoutes(deps: {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
}): Router {
  const { dataSource, config, logger } = deps;
  const router = express.Router();
  const csrf = createCsrf(config);
  const send = linkPages(WORDS);
  const gone = (w: Words): [string, ReturnType<typeof html>] => [
    w.goneTitle,
    html`<p>${w.gone}</p>`,
  ];
  const brandOfUser = (userId: string) => brandOf(dataSource, { userId });

  router.get(
    EMAIL_VERIFICATION_PATH,
    pageRoute(logger, async (request, response) => {
      const { userID: userId, code } = queryOf(request, LINK);
      const found = await findInitializationCode(dataSource, userId, code, 'email_verification');
      if (found.state !== 'valid') return send(request, response, 400, gone);
      const token = csrf.token(request, response);
      send(
        request,
        response,
        200,
        (w) => [
          w.title,
          html`<p>${w.intro}</p>
            <form method="post" action="${EMAIL_VERIFICATION_PATH}">
              <input type="hidden" name="_csrf" value="${token}" />
              <input type="hidden" name="userID" value="${userId}" />
              <input type="hidden" name="code" value="${code}" />
              <button type="submit">${w.confirm}</button>
            </form>`,
        ],
        await brandOfUser(userId),
      );
    }),
  );

  router.post(
    EMAIL_VERIFICATION_PATH,
    express.urlencoded({ extended: false, limit: '16kb' }),
    pageRoute(logger, async (request, response) => {
      if (!csrf.verify(request))
        return send(request, response, 403, (w) => [
          w.expiredFormTitle,
          html`<p>${w.expiredForm}</p>`,
        ]);
      const { userID: userId, code } = formOf(request, LINK);
      const found = await findInitializationCode(dataSource, userId, code, 'email_verification');
      if (!('codeId' in found) || found.state !== 'valid')
        return send(request, response, 400, gone);
      const redeemed = await redeemEmailVerificationCode(dataSource, {
        userId,
        codeId: found.codeId,
        code,
      });
      if (typeof redeemed === 'string') return send(request, response, 400, gone);
      logger.info({ userId, codeId: found.codeId }, 'email address verified');
      send(
        request,
        response,
        200,
        (w) => [w.doneTitle, html`<p>${w.done}</p>`],
        await brandOfUser(userId),
      );
    }),
  );
  return router;
}
