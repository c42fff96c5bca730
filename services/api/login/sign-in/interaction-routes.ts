import express, { type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import type { Adapter } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import type { FailedAttempts } from '../../accounts/failed-attempts.js';
import { INTERACTION_PREFIX, PROJECT_ACCESS_PROMPT } from '../../oidc/oidc-paths.js';
import { databaseAdapter } from '../../oidc/oidc-adapter.js';
import { storedIdOf } from '../../oidc/stored-ids.js';
import { secretKeyOf } from '../../../../shared/credentials/secret-key.js';
import type { ProjectRefusal } from '../../accounts/project-access.js';
import { passkeySignInRoutes } from './passkey-routes.js';
import { brandOf } from '../kit/branding.js';
import { formOf } from '../kit/forms.js';
import { csrf, languageOf } from '../kit/page-kit.js';
import { failurePage } from '../kit/page-route.js';
import { POLICY_WORDS, policyInWords } from '../kit/password-policy-words.js';
import { messagePage, refusedPage, stepPage, type Step } from './sign-in-pages.js';
import { refusalInWords, wordsOf } from './words.js';
import { SignInSteps, type SignInState, type StepResult } from '../../accounts/sign-in-steps.js';
import { databaseSignInAccounts } from '../../accounts/sign-in-accounts.js';
import { allowsUsernamePassword } from '../../accounts/login-policies.js';
import type { Brokering } from '../../brokering/brokered-sign-in.js';
import { brokeredSignInRoutes, brokeredStep, linkNotice } from './brokered-routes.js';
import { passwordResetSignInRoutes } from './password-reset-routes.js';
import { secondsLeft, type Interaction, type SignInKit, type Work } from './sign-in-kit.js';

/**
 * The sign-in pages of the provider's interactions at `/ui/login/<uid>`: one form per step, each
 * POST checked for its CSRF token. Where a sign-in stands is kept in the database beside the
 * interaction, so any replica can take the next step.
 */
export function interactionRoutes(
  provider: Provider,
  config: Config,
  dataSource: DataSource,
  logger: Logger,
  attempts: FailedAttempts,
  brokering: Brokering,
): Router {
  const steps = new SignInSteps(config, databaseSignInAccounts(dataSource), attempts, logger);
  const Stored = databaseAdapter(dataSource, { storedId: storedIdOf(secretKeyOf(config)) });
  const states: Adapter = new Stored('SignInState');
  const forms = csrf(config);
  const router = express.Router();
  router.use(INTERACTION_PREFIX, express.urlencoded({ extended: false, limit: '16kb' }));
  router.use(passkeySignInRoutes(provider, config, dataSource, logger, forms, states));

  const page = (work: Work) => async (request: Request, response: Response) => {
    const language = languageOf(request.get('accept-language'));
    // Every page of a sign-in carries a form.
    response.set('cache-control', 'no-store');
    try {
      if (request.method === 'POST' && !forms.verify(request)) {
        response
          .status(403)
          .type('html')
          .send(messagePage(language, wordsOf(language).expired));
        return;
      }
      const interaction = await provider.interactionDetails(request, response);
      await work(request, response, interaction);
    } catch (error) {
      // An interaction that expired or a cookie that is gone (the provider's own errors) is the
      // person's to start again; anything else is the kit's failure page (503 or 500, logged).
      if (!isProviderError(error)) return failurePage(request, response, logger, error);
      logger.info({ error: error.name }, 'sign-in interaction gone');
      response
        .status(400)
        .type('html')
        .send(messagePage(language, wordsOf(language).expired));
    }
  };

  /** Whether the login policy the sign-in of `clientId` follows takes a user name and password. */
  const passwords = (clientId: string) => allowsUsernamePassword(dataSource, clientId);

  const stateOf = async (uid: string): Promise<SignInState> =>
    ((await states.find(uid)) as SignInState | undefined) ?? { step: 'user-name', methods: [] };

  /** The label policy for the client's sign-in, and the user once the user name step is done. */
  const brandFor = (interaction: Interaction, userId: string | null | undefined) =>
    brandOf(dataSource, { clientId: String(interaction.params.client_id), userId });

  const show: SignInKit['show'] = async (request, response, interaction, state, refusal) => {
    const language = languageOf(request.get('accept-language'));
    const brand = await brandFor(interaction, state.userId);
    const action = `${INTERACTION_PREFIX}/${interaction.uid}`;
    const csrfToken = forms.token(request, response);
    if (state.step === 'idp-choice' || state.step === 'idp-register') {
      const page = brokeredStep({ language, action, csrfToken, brand }, state);
      return void response.status(200).type('html').send(page);
    }
    const clientId = String(interaction.params.client_id);
    const offered =
      state.step === 'user-name' && !state.external ? await brokering.providers(clientId) : [];
    const passwordAllowed = !PASSWORD_STEPS.has(state.step) || (await passwords(clientId));
    response
      .status(refusal ? (refusal.refused === 'password-not-allowed' ? 403 : 400) : 200)
      .type('html')
      .send(
        stepPage({
          language,
          step: state.step,
          action,
          csrfToken,
          ...(state.userName !== undefined && { userName: state.userName }),
          ...(state.step === 'new-password' && {
            policy: policyInWords(POLICY_WORDS[language], config.passwordPolicy),
          }),
          ...(refusal && { error: refusalInWords(language, refusal, config.passwordPolicy) }),
          brand,
          providers: offered.map(({ id, name }) => ({ name, action: `${action}/idp/${id}` })),
          passwordAllowed,
          ...(state.external && { notice: linkNotice(language, state) }),
        }),
      );
  };

  const goTo: SignInKit['goTo'] = async (response, interaction, state) => {
    await states.upsert(interaction.uid, state as never, secondsLeft(interaction));
    response.redirect(303, `${INTERACTION_PREFIX}/${interaction.uid}`);
  };

  /**
   * The end of a sign-in: a provider's identity the person signed in to link is linked first
   * (refused when it may not be), the success recorded, the interaction finished.
   */
  const finish = async (
    request: Request,
    response: Response,
    interaction: Interaction,
    state: SignInState,
    signedIn: SignInState & { userId: string },
  ) => {
    const clientId = String(interaction.params.client_id);
    if (signedIn.external) {
      const linked = await brokering.linkSignedIn(clientId, signedIn.userId, signedIn.external);
      if (linked !== 'linked') return brokered.refuse(request, response, interaction, linked);
    }
    const outcome = await steps.succeeded(signedIn, clientId);
    if (outcome === 'otp-replayed')
      return show(request, response, interaction, state, { refused: 'wrong-code' });
    await states.destroy(interaction.uid);
    await brokered.signedIn(response, interaction, signedIn);
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: signedIn.userId } },
      { mergeWithLastSubmission: false },
    );
  };

  const advance: SignInKit['advance'] = async (request, response, interaction, state, result) => {
    if (result.refused) return show(request, response, interaction, state, result);
    if (result.state) return goTo(response, interaction, result.state);
    await finish(request, response, interaction, state, result.signedIn);
  };

  const kit: SignInKit = {
    provider,
    logger,
    forms,
    steps,
    brokering,
    secure: config.publicUrl.startsWith('https:'),
    page,
    stateOf,
    goTo,
    show,
    advance,
    brandFor,
  };
  const brokered = brokeredSignInRoutes(router, kit);
  passwordResetSignInRoutes(router, kit, { dataSource, config, logger });

  router.get(
    `${INTERACTION_PREFIX}/:uid`,
    page(async (request, response, interaction) => {
      if (interaction.prompt.name === PROJECT_ACCESS_PROMPT) {
        const refusal = interaction.prompt.details.refusal as ProjectRefusal;
        const action = `${INTERACTION_PREFIX}/${interaction.uid}/refused`;
        const language = languageOf(request.get('accept-language'));
        const brand = await brandFor(interaction, interaction.session?.accountId);
        const csrfToken = forms.token(request, response);
        response
          .status(403)
          .type('html')
          .send(refusedPage(language, refusal, { action, csrfToken, brand }));
        return;
      }
      if (interaction.prompt.name !== 'login') {
        // Consent: every client is first-party, and the grant covers what it asked.
        await provider.interactionFinished(
          request,
          response,
          {},
          { mergeWithLastSubmission: true },
        );
        return;
      }
      const state = await stateOf(interaction.uid);
      // A client that names a provider by its scope sends the person straight there.
      const fresh = state.step === 'user-name' && !state.external;
      if (fresh && (await brokered.providerOfScope(request, response, interaction))) return;
      await show(request, response, interaction, state);
    }),
  );

  // The way back from a refusal: the application hears access_denied at its redirect URI.
  router.post(
    `${INTERACTION_PREFIX}/:uid/refused`,
    page(async (request, response, interaction) => {
      if (interaction.prompt.name !== PROJECT_ACCESS_PROMPT)
        return void response.redirect(303, `${INTERACTION_PREFIX}/${interaction.uid}`);
      const error_description = 'the user may not use this application';
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description },
        { mergeWithLastSubmission: false },
      );
    }),
  );

  router.get(
    `${INTERACTION_PREFIX}/:uid/restart`,
    page(async (_request, response, interaction) => {
      await states.destroy(interaction.uid);
      response.redirect(303, `${INTERACTION_PREFIX}/${interaction.uid}`);
    }),
  );

  const submit = (step: Step, take: (state: SignInState, form: Form) => Promise<StepResult>) =>
    router.post(
      `${INTERACTION_PREFIX}/:uid/${step}`,
      page(async (request, response, interaction) => {
        const state = await stateOf(interaction.uid);
        if (state.step !== step) {
          response.redirect(303, `${INTERACTION_PREFIX}/${interaction.uid}`);
          return;
        }
        const form = { ...formOf(request, FIELDS), address: request.ip ?? '' };
        const clientId = String(interaction.params.client_id);
        // Refused before anything is read or counted, also when posted without the page's form.
        if (PASSWORD_STEPS.has(step) && !(await passwords(clientId)))
          return show(request, response, interaction, state, { refused: 'password-not-allowed' });
        const result = await take(state, { ...form, clientId });
        // A user with links and no password signs in through their provider. An unknown name is
        // looked up alike (by an id nobody has), so that it answers as late as a known one.
        if (step === 'user-name' && !state.external && result.state) {
          const userId = result.state.userId ?? '';
          if (await brokered.straightToProvider(request, response, interaction, userId)) return;
        }
        await advance(request, response, interaction, state, result);
      }),
    );

  submit('user-name', (state, form) =>
    steps.userName(form.userName, state.external ? state : undefined),
  );
  submit('password', (state, form) =>
    steps.password(state, form.password, form.address, form.clientId),
  );
  submit('otp', (state, form) => steps.otp(state, form.code, form.address, form.clientId));
  submit('new-password', (state, form) =>
    steps.newPassword(state, form.newPassword, form.repeatPassword),
  );

  return router;
}

/**
 * The steps of a sign-in by user name and password, which a login policy without
 * `allowUsernamePassword` refuses; the TOTP step stays (a brokered sign-in comes to it too).
 */
const PASSWORD_STEPS = new Set<string>(['user-name', 'password']);

/**
 * The fields of the steps' forms and their longest values: a user name as long as one may be, a
 * password or code as long as the form's body (never cut short: a password cut would not verify).
 */
const FIELDS = {
  userName: 200,
  password: 16_384,
  code: 100,
  newPassword: 16_384,
  repeatPassword: 16_384,
};

type Form = { [Name in keyof typeof FIELDS]: string } & { address: string; clientId: string };

/** An error oidc-provider raises about the request (its interaction gone, a bad cookie): 4xx. */
function isProviderError(error: unknown): error is Error {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return error instanceof Error && typeof status === 'number' && status < 500;
}
