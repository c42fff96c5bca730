import { fileURLToPath } from 'node:url';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { ServiceError, StatusCode } from '../../../shared/errors/service-error.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { storedLabelPolicy } from '../accounts/label-policies.js';
import { brandOf } from '../login/kit/branding.js';
import { csrf, html, languageOf, renderPage } from '../login/kit/page-kit.js';
import { failurePage } from '../login/kit/page-route.js';
import type { OperationPipeline } from '../pipeline/operation-pipeline.js';
import {
  firstSection,
  messagePage,
  type ConsoleContext,
  type ConsoleRouter,
  type ConsoleWork,
} from './console-page.js';
import { CONSOLE_PATH, consoleCookies, consolePathOr } from './console-session.js';
import { consoleSignIn } from './console-sign-in.js';
import { CONSOLE_WORDS } from './console-words.js';
import { multipartForm } from './console-forms.js';
import { IMPORT_BYTES } from './users/csv-import.js';
import { activityPage } from './activity/activity-page.js';
import { organizationRoutes } from './organization/org-routes.js';
import { orgsRoutes } from './orgs/orgs-page.js';
import { getMyOrgOperation } from '../operations/get-my-org/get-my-org.operation.js';
import { projectRoutes } from './projects/project-routes.js';
import { userRoutes } from './users/user-routes.js';

/** The console's stylesheet, from the source tree (as the profile page's). */
const WEB_SOURCE = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../../services/api/ui/web/' : '../ui/web/',
    import.meta.url,
  ),
);

/** What the person's roles allow in an organization, as the pipeline answers it. */
type Granted = Awaited<ReturnType<OperationPipeline['permissions']>>;

export interface ConsoleDependencies {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  pipeline: OperationPipeline;
  /** This process's own HTTP address, once it listens: where the console reaches the provider. */
  localOrigin: () => string;
}

/**
 * The admin console at `/ui/console/`: pages rendered here, each reading and writing through the
 * API's operations as the signed-in person (their access token through the same pipeline as every
 * call, so the same permissions), signed in through this service's provider as the built-in
 * public client `console`. Forms post with a CSRF token; the pages have the other pages' headers
 * (page-headers.ts) and the person's organization's branding.
 */
export function consoleRoutes(deps: ConsoleDependencies): Router {
  const { config, dataSource, logger, pipeline } = deps;
  const cookies = consoleCookies(config);
  const signIn = consoleSignIn(config, deps.localOrigin);
  const forms = csrf(config);
  const router = express.Router();
  // A form takes what a JSON body of the API does (REQUEST_BODY_LIMIT): the largest form an
  // operation takes (a grant of 100 roles, each key 200 characters of four UTF-8 bytes, is about
  // 240 KB encoded) fits the default 1 MiB.
  const readForm = express.urlencoded({
    extended: false,
    limit: config.requestBodyLimit,
    parameterLimit: 200,
  });
  const formLimit = formSize(config.requestBodyLimit);

  router.get(`${CONSOLE_PATH}/console.css`, (_request, response) => {
    response.sendFile('console.css', {
      root: WEB_SOURCE,
      headers: { 'cache-control': 'no-cache' },
    });
  });

  const beginSignIn = async (response: Response, next: string) => {
    const { flow, url } = await signIn.begin(consolePathOr(next));
    cookies.keepFlow(response, flow);
    response.set('cache-control', 'no-store').redirect(303, url);
  };

  /** A page without a session (or a console context): the sign-in pages' look. */
  const plainPage = (
    request: Request,
    response: Response,
    status: number,
    say: (words: (typeof CONSOLE_WORDS)['en']) => [string, string],
    link?: { href: string; text: string },
  ) => {
    const language = languageOf(request.get('accept-language'));
    const [title, said] = say(CONSOLE_WORDS[language]);
    response
      .status(status)
      .set('cache-control', 'no-store')
      .type('html')
      .send(
        renderPage(
          language,
          title,
          html`<p role="alert">${said}</p>
            ${link && html`<p><a href="${link.href}">${link.text}</a></p>`}`,
        ),
      );
  };

  /**
   * A posted form, read; one with more fields or bytes than a console form takes is answered with
   * a page that says so (the body parser's error would be the API's JSON), and nothing is done.
   * Any other failure to read it is the API's (400, REQUEST-INVALID).
   */
  const parseForm: RequestHandler = (request, response, next) =>
    readForm(request, response, (error?: unknown) => {
      const type = (error as { type?: string } | undefined)?.type;
      if (type !== 'entity.too.large' && type !== 'parameters.too.many') return next(error);
      plainPage(request, response, 413, (words) => [
        words.formTooLargeTitle,
        words.formTooLarge(formLimit),
      ]);
    });

  router.get(`${CONSOLE_PATH}/sign-in`, async (request, response) => {
    try {
      await beginSignIn(response, String(request.query.next ?? ''));
    } catch (error) {
      failurePage(request, response, logger, error);
    }
  });

  router.get(`${CONSOLE_PATH}/callback`, async (request, response) => {
    const flow = cookies.flow(request);
    cookies.forgetFlow(response);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (!flow) return void response.redirect(303, `${CONSOLE_PATH}/`);
    try {
      cookies.keepSession(response, await signIn.finish(flow, query));
      response.set('cache-control', 'no-store').redirect(303, flow.next);
    } catch (error) {
      // A refusal at the provider, a code used twice or expired, a state that does not match:
      // nothing signed in; said so, with a new sign-in offered. What went wrong is logged (never
      // a token: openid-client's errors name the check that failed).
      logger.warn({ reason: (error as Error).message }, 'a console sign-in did not finish');
      const words = CONSOLE_WORDS[languageOf(request.get('accept-language'))];
      plainPage(request, response, 400, (w) => [w.signInFailedTitle, w.signInFailed], {
        href: `${CONSOLE_PATH}/sign-in?next=${encodeURIComponent(flow.next)}`,
        text: words.signIn,
      });
    }
  });

  router.post(`${CONSOLE_PATH}/sign-out`, parseForm, async (request, response) => {
    try {
      if (!forms.verify(request))
        return void plainPage(request, response, 403, (words) => [words.formTitle, words.form]);
      const session = cookies.session(request);
      cookies.forgetSession(response);
      response.set('cache-control', 'no-store').redirect(303, await signIn.signOutUrl(session));
    } catch (error) {
      failurePage(request, response, logger, error);
    }
  });

  /**
   * A console route: the person's session (renewed when its access token runs out; none, and a
   * page is sent to sign in first, a form is told to), what they may do, the CSRF check of a
   * form, and whatever the work throws answered as a console page.
   */
  const consoleRoute =
    (method: 'GET' | 'POST', work: ConsoleWork): RequestHandler =>
    async (request, response) => {
      const language = languageOf(request.get('accept-language'));
      const words = CONSOLE_WORDS[language];
      const kept = cookies.session(request);
      const expired = () => {
        if (kept) cookies.forgetSession(response);
        if (method === 'GET') return beginSignIn(response, request.originalUrl);
        plainPage(request, response, 401, (w) => [w.expiredTitle, w.expired], {
          href: `${CONSOLE_PATH}/sign-in`,
          text: words.signIn,
        });
      };
      try {
        const session = kept && (await signIn.current(kept));
        if (!session) return void (await expired());
        if (session !== kept) cookies.keepSession(response, session);
        const authorization = `Bearer ${session.accessToken}`;
        const permissions = (orgId?: string) =>
          pipeline.permissions(authorization, orgId).catch((error: unknown) => {
            if (error instanceof ServiceError && error.code === StatusCode.UNAUTHENTICATED)
              return undefined;
            throw error;
          });
        const own = await permissions();
        if (!own) return void (await expired());
        const granted = await workingIn(request, response, own, permissions);
        // A body too large was not read (its token neither): its work only says so.
        const tooLarge = (request.body as { tooLarge?: true } | undefined)?.tooLarge === true;
        if (method === 'POST' && !tooLarge && !forms.verify(request))
          return void plainPage(request, response, 403, (w) => [w.formTitle, w.form]);
        const context: ConsoleContext = {
          request,
          response,
          language,
          words,
          orgId: granted.orgId,
          ownOrgId: own.orgId,
          ...(own.may('instance.org.read') && {
            orgName: (
              await pipeline.call(getMyOrgOperation, {
                authorization,
                targetOrgId: granted.orgId,
                request: {},
                transport: 'json',
              })
            ).org.name,
          }),
          workIn: (orgId) =>
            orgId
              ? cookies.keepWorkingOrg(response, { orgId, userId: own.caller.userId })
              : cookies.forgetWorkingOrg(response),
          shownLogo: async (isDefault) =>
            (await storedLabelPolicy(dataSource, isDefault ? '' : granted.orgId))?.logo ??
            undefined,
          permissionsIn: async (orgId) => ({
            may: (await permissions(orgId))?.may ?? (() => false),
          }),
          userId: granted.caller.userId,
          name: session.name,
          may: granted.may,
          call: (operation, body, options = {}) =>
            pipeline.call(operation, {
              authorization,
              targetOrgId: granted.orgId,
              request: body,
              transport: 'json',
              requestId: response.locals.requestId as string | undefined,
              ...options,
            }),
          csrf: forms.token(request, response),
          brand: await brandOf(dataSource, { userId: granted.caller.userId }),
        };
        await work(context).catch((error: unknown) => refused(context, error));
      } catch (error) {
        failurePage(request, response, logger, error);
      }
    };

  /**
   * The permissions where the console works: in the organization the person chose (kept for
   * them alone), as long as their roles still reach some section of it; else in their own, the
   * choice forgotten.
   */
  const workingIn = async (
    request: Request,
    response: Response,
    own: Granted,
    permissions: (orgId?: string) => Promise<Granted | undefined>,
  ): Promise<Granted> => {
    const chosen = cookies.workingOrg(request);
    if (!chosen) return own;
    if (chosen.userId === own.caller.userId && chosen.orgId !== own.orgId) {
      const there = await permissions(chosen.orgId);
      if (there && firstSection(there)) return there;
    }
    cookies.forgetWorkingOrg(response);
    return own;
  };

  /** A refusal of the operations as a console page; anything else is the failure page's. */
  const refused = (context: ConsoleContext, error: unknown) => {
    if (!(error instanceof ServiceError)) throw error;
    const { words } = context;
    if (error.code === StatusCode.PERMISSION_DENIED)
      return messagePage(context, 403, words.forbiddenTitle, words.forbidden);
    if (error.code === StatusCode.NOT_FOUND)
      return messagePage(context, 404, words.notFoundTitle, words.notFound);
    // A form's action is its item's address and `/_<verb>`: the item's page is where to go back.
    const item = context.request.originalUrl.replace(/\?.*$/, '').replace(/\/_[a-z_]+$/, '');
    if (error.id === 'RESOURCE-CHANGED')
      return messagePage(context, 412, words.changedTitle, words.changed, {
        href: item,
        text: words.reload,
      });
    // A step the item's state does not allow (reactivating an active user): the API says why.
    if (error.code === StatusCode.FAILED_PRECONDITION || error.code === StatusCode.ALREADY_EXISTS)
      return messagePage(context, 409, words.notDoneTitle, error.message, {
        href: item,
        text: words.back,
      });
    if (error.code === StatusCode.RESOURCE_EXHAUSTED)
      return messagePage(context, 429, words.notDoneTitle, error.message, {
        href: item,
        text: words.back,
      });
    throw error;
  };

  router.get(
    `${CONSOLE_PATH}/`,
    consoleRoute('GET', async (context) => {
      const first = firstSection(context);
      if (first) return context.response.redirect(303, first);
      messagePage(context, 403, context.words.forbiddenTitle, context.words.forbidden);
    }),
  );

  const sections: ConsoleRouter = {
    page: (path, work) => router.get(`${CONSOLE_PATH}/${path}`, consoleRoute('GET', work)),
    form: (path, work) =>
      router.post(`${CONSOLE_PATH}/${path}`, parseForm, consoleRoute('POST', work)),
    upload: (path, work) =>
      router.post(
        `${CONSOLE_PATH}/${path}`,
        multipartForm(IMPORT_BYTES + 64 * 1024),
        consoleRoute('POST', work),
      ),
  };
  userRoutes(sections);
  projectRoutes(sections, config.publicUrl);
  sections.page('activity', activityPage);
  organizationRoutes(sections);
  orgsRoutes(sections);
  return router;
}

/** A form's limit in bytes as a page says it: whole MiB where it is, KB otherwise. */
function formSize(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${Math.floor(bytes / 1024)} KB`;
}
