/** The job name BullMQ stores; a queue may later carry other kinds of email. */
export const INITIALIZATION_EMAIL = 'initialization-email';

/** What one initialization email job carries in Redis. */
export interface InitializationEmailJob {
  /** The user to write to; the address is read when the email is sent, so it is current. */
  userId: string;
  /**
   * The stored code this email hands out. The code itself is made when the email is sent (see
   * the processor), so nothing in Redis could activate somebody's account.
   */
  codeId: string;
  /**
   * A password reset link's sign-in (its interaction's id), which the link continues; not a
   * secret (it works only with that sign-in's cookie).
   */
  interaction?: string;
}

/**
 * The job id of the email an event asks for. Derived from the event id, so a redelivered event
 * finds its job already there and queues no second email. BullMQ refuses a custom id containing
 * `:` (it separates its Redis keys) and one that is an integer; the prefix avoids both.
 */
export function initializationEmailJobId(eventId: string): string {
  return `init-email-${eventId}`;
}
