import type { Request, Response, Router } from 'express';
import type { SignInState } from '../../accounts/sign-in-steps.js';
import {
  IDP_CALLBACK_PATH,
  registerDefaults,
  type Arrival,
  type BrokerRefusal,
} from '../../brokering/brokered-sign-in.js';
import { INTERACTION_PREFIX, SESSION_SECONDS } from '../../oidc/oidc-paths.js';
import { formOf } from '../kit/forms.js';
import { languageOf, type Language } from '../kit/page-kit.js';
import { failurePage } from '../kit/page-route.js';
import {
  brokerRefusalPage,
  choicePage,
  REGISTER_FIELDS,
  registerPage,
  type BrokeredPage,
  type RegisterValues,
} from './brokered-pages.js';
import { brokeredWords } from './brokered-words.js';
import { keepForSignOut } from './idp-sign-out.js';
import { secondsLeft, type Interaction, type SignInKit } from './sign-in-kit.js';

/** The HTTP status of each refusal's page. */
const REFUSAL_STATUS: Record<BrokerRefusal, number> = {
  replayed: 400,
  'provider-gone': 403,
  'provider-failed': 400,
  'no-account': 403,
  'not-linkable': 403,
  'link-taken': 409,
};

/** What the password steps need of the brokered sign-in's routes. */
export interface BrokeredRoutes {
  /** The page of a refusal within the interaction. */
  refuse(
    request: Request,
    response: Response,
    interaction: Interaction,
    refusal: BrokerRefusal,
  ): Promise<void>;
  /**
   * Sends a user with links and no password to their provider (the first offered one they are
   * linked to); false when there is none, and the sign-in goes on to the password.
   */
  straightToProvider(
    request: Request,
    response: Response,
    interaction: Interaction,
    userId: string,
  ): Promise<boolean>;
  /** Sends the person to the provider a client's scope names; false when it names none offered. */
  providerOfScope(request: Request, response: Response, interaction: Interaction): Promise<boolean>;
  /**
   * The sign-in ended as `signedIn`: through a provider to sign out at too, the browser is given
   * the reference to its ID token kept for the session (idpSignOutCookie).
   */
  signedIn(
    response: Response,
    interaction: Interaction,
    signedIn: SignInState & { userId: string },
  ): Promise<void>;
}

/**
 * The routes of a sign-in through an identity provider, on the sign-in pages' `router`: the
 * start (`POST …/<uid>/idp/<idpId>`, a provider the client's sign-in offers), the one callback
 * every provider returns to (`/ui/login/idp/callback`, which finds the sign-in by its `state`
 * and sends the browser on to its interaction, where the interaction's cookie is sent), the
 * interaction's callback (the answer checked, the code exchanged, the outcome), the choice
 * between linking an account and making one, and the form that makes one.
 */
export function brokeredSignInRoutes(router: Router, kit: SignInKit): BrokeredRoutes {
  const { brokering, page, logger } = kit;
  const actionOf = (interaction: Interaction) => `${INTERACTION_PREFIX}/${interaction.uid}`;
  const clientOf = (interaction: Interaction) => String(interaction.params.client_id);
  const languageOfRequest = (request: Request) => languageOf(request.get('accept-language'));

  const refuse: BrokeredRoutes['refuse'] = async (request, response, interaction, refusal) => {
    const brand = await kit.brandFor(interaction, undefined);
    const action = actionOf(interaction);
    response
      .status(REFUSAL_STATUS[refusal])
      .type('html')
      .send(brokerRefusalPage(languageOfRequest(request), refusal, { action, brand }));
  };

  /** Sends the browser to provider `idpId`; false when the client's sign-in does not offer it. */
  const startAt = async (
    request: Request,
    response: Response,
    interaction: Interaction,
    idpId: string,
  ): Promise<boolean> => {
    let url: URL | undefined;
    try {
      url = await brokering.start(
        clientOf(interaction),
        idpId,
        interaction.uid,
        secondsLeft(interaction),
      );
    } catch (error) {
      const { name, message } = error as Error;
      logger.warn({ idpId, error: name, message }, 'identity provider unreachable');
      const brand = await kit.brandFor(interaction, undefined);
      const language = languageOfRequest(request);
      response
        .status(503)
        .type('html')
        .send(brokerRefusalPage(language, 'unreachable', { action: actionOf(interaction), brand }));
      return true;
    }
    if (!url) return false;
    response.redirect(303, url.href);
    return true;
  };

  /** What the provider's answer (or the form) led to. */
  const arrived = async (
    request: Request,
    response: Response,
    interaction: Interaction,
    arrival: Arrival,
  ) => {
    if (arrival.refused) return refuse(request, response, interaction, arrival.refused);
    if (arrival.next) return kit.goTo(response, interaction, arrival.next);
    const { signInAs, idpId } = arrival;
    const result = await kit.steps.brokered(signInAs, idpId, clientOf(interaction));
    await kit.advance(request, response, interaction, { step: 'user-name', methods: [] }, result);
  };

  router.post(
    `${INTERACTION_PREFIX}/:uid/idp/:idpId`,
    page(async (request, response, interaction) => {
      if (interaction.prompt.name !== 'login')
        return void response.redirect(303, actionOf(interaction));
      const idpId = String(request.params.idpId);
      if (!(await startAt(request, response, interaction, idpId)))
        await refuse(request, response, interaction, 'provider-gone');
    }),
  );

  // The one redirect URI of every provider. The interaction's cookie is sent to its own path
  // alone, so the answer is sent on there, unchanged; an answer whose state names no sign-in
  // begun (used already, expired, forged) stops here.
  router.get(IDP_CALLBACK_PATH, async (request, response) => {
    response.set('cache-control', 'no-store');
    try {
      const query = queryOf(request);
      const uid = await brokering.interactionOf(new URLSearchParams(query).get('state') ?? '');
      if (!uid) {
        const language = languageOfRequest(request);
        return void response.status(400).type('html').send(brokerRefusalPage(language, 'replayed'));
      }
      response.redirect(
        303,
        `${INTERACTION_PREFIX}/${encodeURIComponent(uid)}/idp/callback?${query}`,
      );
    } catch (error) {
      failurePage(request, response, logger, error);
    }
  });

  router.get(
    `${INTERACTION_PREFIX}/:uid/idp/callback`,
    page(async (request, response, interaction) => {
      if (interaction.prompt.name !== 'login')
        return void response.redirect(303, actionOf(interaction));
      const answer = new URLSearchParams(queryOf(request));
      const arrival = await brokering.arrive(
        interaction.uid,
        clientOf(interaction),
        answer,
        secondsLeft(interaction),
      );
      await arrived(request, response, interaction, arrival);
    }),
  );

  /** A step of the choice: the person picked linking an account (`user-name`) or making one. */
  const choose = (path: string, next: SignInState['step']) =>
    router.post(
      `${INTERACTION_PREFIX}/:uid/${path}`,
      page(async (request, response, interaction) => {
        const state = await kit.stateOf(interaction.uid);
        if (state.step !== 'idp-choice') return void response.redirect(303, actionOf(interaction));
        await kit.goTo(response, interaction, { ...state, step: next });
      }),
    );
  choose('link-account', 'user-name');
  choose('create-account', 'idp-register');

  router.post(
    `${INTERACTION_PREFIX}/:uid/idp-register`,
    page(async (request, response, interaction) => {
      const state = await kit.stateOf(interaction.uid);
      if (state.step !== 'idp-register' || !state.external)
        return void response.redirect(303, actionOf(interaction));
      const values = formOf(request, REGISTER_FIELDS);
      const made = await brokering.register(clientOf(interaction), state.external, values);
      if (!('invalid' in made)) return arrived(request, response, interaction, made);
      const wrong = made.invalid.map(({ field, description }) => ({
        field: fieldOf(field),
        taken: description === 'is taken',
      }));
      const brand = await kit.brandFor(interaction, undefined);
      const csrfToken = kit.forms.token(request, response);
      const shown = {
        language: languageOfRequest(request),
        action: actionOf(interaction),
        csrfToken,
        brand,
      };
      response
        .status(400)
        .type('html')
        .send(registerPage(shown, state.external, values, wrong));
    }),
  );

  return {
    refuse,
    straightToProvider: async (request, response, interaction, userId) => {
      const idpId = await brokering.providerOf(userId, clientOf(interaction));
      return idpId !== undefined && startAt(request, response, interaction, idpId);
    },
    providerOfScope: async (request, response, interaction) => {
      const named = await brokering.namedByScope(clientOf(interaction), interaction.params.scope);
      return named !== undefined && startAt(request, response, interaction, named);
    },
    signedIn: async (response, interaction, { userId, idpId }) => {
      const { uid } = interaction;
      const reference = await brokering.signOut.signedIn(uid, userId, idpId, SESSION_SECONDS);
      if (reference) keepForSignOut(response, reference, kit.secure);
    },
  };
}

/** The query of a request as it came, untouched (what the provider's answer holds). */
function queryOf(request: Request): string {
  const at = request.originalUrl.indexOf('?');
  return at < 0 ? '' : request.originalUrl.slice(at + 1);
}

/** The form's field a violation of the import's request names (`profile.firstName`, `email.email`). */
function fieldOf(field: string): keyof RegisterValues {
  if (field.startsWith('profile.lastName')) return 'lastName';
  if (field.startsWith('profile')) return 'firstName';
  if (field.startsWith('email')) return 'email';
  return 'userName';
}

/** The page of a brokered step: the choice, or the form prefilled with the provider's claims. */
export function brokeredStep(page: BrokeredPage, state: SignInState): string {
  const identity = state.external!;
  if (state.step === 'idp-choice') return choicePage(page, identity);
  return registerPage(page, identity, registerDefaults(identity));
}

/** Why the person is asked to sign in: to link the provider's identity to the account. */
export function linkNotice(language: Language, state: SignInState): string {
  const words = brokeredWords(language, state.external?.idpName);
  if (state.linkBy === 'email') return words.linkByEmail;
  if (state.linkBy === 'username') return words.linkByUserName;
  return words.linkAccount;
}
