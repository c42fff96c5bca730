import { humanUserChange, initializationNotDue } from '../human-user-aggregate.js';
import type { ResendHumanInitializationRequest } from './resend-human-initialization.request.generated.js';

/**
 * Asks the worker for a new initialization email (`user.human.init.code.requested` by `admin`,
 * which the worker answers with a new code) to a person not yet initialized: email unverified or
 * no password; one initialized already is USER-INITIALIZATION-NOT-DUE.
 */
export const resendHumanInitialization = humanUserChange<ResendHumanInitializationRequest>(
  ({ user }) => {
    if (user.emailVerified && user.passwordHash !== null) throw initializationNotDue();
    return { event: { type: 'user.human.init.code.requested', payload: { by: 'admin' } } };
  },
);
