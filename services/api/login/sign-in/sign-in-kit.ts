import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from '../../../../shared/logging/logger.js';
import type {
  Refusal,
  SignInState,
  SignInSteps,
  StepResult,
} from '../../accounts/sign-in-steps.js';
import type { Brokering } from '../../brokering/brokered-sign-in.js';
import type { Brand } from '../kit/branding.js';
import type { Csrf } from '../kit/page-kit.js';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** A page's work within an interaction. */
export type Work = (
  request: Request,
  response: Response,
  interaction: Interaction,
) => Promise<void>;

/** What the sign-in's routes share: the page's frame, where a sign-in stands, the steps' ends. */
export interface SignInKit {
  provider: Provider;
  logger: Logger;
  forms: Csrf;
  steps: SignInSteps;
  brokering: Brokering;
  /** Whether cookies are Secure: an https PUBLIC_URL. */
  secure: boolean;
  /** Runs a page's work; an interaction that is gone or a stale form gets a page saying so. */
  page(work: Work): (request: Request, response: Response) => Promise<void>;
  stateOf(uid: string): Promise<SignInState>;
  /** Keeps `state` for the interaction, and sends the browser to its page. */
  goTo(response: Response, interaction: Interaction, state: SignInState): Promise<void>;
  /** The page of a step, with what the last submission was refused for. */
  show(
    request: Request,
    response: Response,
    interaction: Interaction,
    state: SignInState,
    refusal?: Refused,
  ): Promise<void>;
  /** What a step led to: its refusal shown on `state`'s page, the next step, or signed in. */
  advance(
    request: Request,
    response: Response,
    interaction: Interaction,
    state: SignInState,
    result: StepResult,
  ): Promise<void>;
  brandFor(interaction: Interaction, userId: string | null | undefined): Promise<Brand>;
}

/** A refusal of the steps, as the page says it. */
export type Refused = { refused: Refusal; until?: Date };

/** The seconds the interaction has left: what anything kept for it lives. */
export function secondsLeft(interaction: Interaction): number {
  return Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
}
