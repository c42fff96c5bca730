import type { DataSource } from 'typeorm';
import { newId } from '../../../../shared/ids.js';
import type { Config } from '../../../../shared/config/config.js';
import { deriveOneTimeCode } from '../../../../shared/credentials/one-time-code.js';
import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { User, UserCode } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventPayloads, EventType } from '../../../../shared/events/event-types.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import type { EmailJobs } from '../../email/email-jobs.js';
import { initializationEmailJobId } from '../../email/initialization-email.job.js';
import type { EventConsumer } from '../event-consumer.js';

/**
 * Sends the initialization email every user added with an unverified email or without a
 * password is due (the event's `initializationRequired` says so), and a new one whenever one is
 * asked for (`user.human.init.code.requested`, recorded only while still due), and a new
 * passwordless registration link when one is asked for (`user.human.passwordless.code.requested`:
 * a code of that kind, `user.human.passwordless.code.added`, the passkey email), and a link that
 * verifies an email address (`user.human.email.code.requested`: an administrator's, or the address a person asked to change to, which the email job sends it to;
 * a code of that kind, `user.human.email.code.added`, the verification email), and a password
 * reset link asked for on the "Forgot password?" page (`user.human.password.code.requested`: a
 * code of kind password_reset, `user.human.password.code.added`, the reset email): it stores a
 * one-time code (only its hash), records `user.human.init.code.added` through the outbox, and
 * queues the email under a job id derived from the event. The code is derived from the code's id under the secret
 * key, so the email job makes it again when it sends and no clear code waits anywhere.
 *
 * Redelivery is safe at every step: the code is stored once per event (its row names the event),
 * and queueing the same job id again adds nothing.
 */
export class InitializationEmailConsumer implements EventConsumer {
  readonly name = 'initialization-email';
  readonly handles: readonly EventType[] = [
    'user.human.added',
    'user.human.init.code.requested',
    'user.human.passwordless.code.requested',
    'user.human.email.code.requested',
    'user.human.password.code.requested',
  ];

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Config,
    /** Only queues: whether a job is known, and adding one. */
    private readonly jobs: Pick<EmailJobs, 'has' | 'add'>,
    private readonly secretKey: Buffer,
  ) {}

  async perform(event: CloudEvent): Promise<void> {
    if (!emailDue(event)) return;
    const jobId = initializationEmailJobId(event.id);
    if (await this.jobs.has(jobId)) return;
    const codeId = await this.storeCode(event);
    if (!codeId) return;
    await this.jobs.add(jobId, { userId: event.subject, codeId, ...continuedSignIn(event) });
  }

  /** The code's id, or undefined when the user no longer exists. */
  private storeCode(event: CloudEvent): Promise<string | undefined> {
    const { kind, added } = CODES[event.type as keyof typeof CODES] ?? CODES['user.human.added'];
    const lifetime =
      {
        passwordless_registration: this.config.passwordlessCodeLifetimeSeconds,
        password_reset: this.config.passwordResetCodeLifetimeSeconds,
      }[kind as string] ?? this.config.worker.initCodeLifetimeSeconds;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    return inBatchedTransaction(this.dataSource, async (transaction) => {
      // The user's row lock keeps a redelivery racing this one from storing a second code.
      const [user] = await transaction.find(
        User,
        { id: event.subject },
        { select: ['id', 'orgId', 'version'], lock: true },
      );
      if (!user) return undefined;
      const [earlier] = await transaction.find(
        UserCode,
        { sourceEventId: event.id },
        { select: ['id'] },
      );
      if (earlier) return earlier.id;
      const codeId = newId();
      transaction.insert(UserCode, [
        {
          id: codeId,
          userId: user.id,
          kind,
          // The email job derives the same code again when it sends; nothing stores it clear.
          codeHash: deriveOneTimeCode(this.secretKey, codeId).hash,
          expiresAt,
          createdAt: new Date(),
          usedAt: null,
          sourceEventId: event.id,
          sentAt: null,
        },
      ]);
      const payload = { codeId, expiration: expiresAt.toISOString() };
      await commitChange(transaction, User, user, { type: added, payload }, {});
      return codeId;
    });
  }
}

/** The code each event asks for, and the event that records it. */
const CODES = {
  'user.human.added': { kind: 'initialization', added: 'user.human.init.code.added' },
  'user.human.init.code.requested': { kind: 'initialization', added: 'user.human.init.code.added' },
  'user.human.passwordless.code.requested': {
    kind: 'passwordless_registration',
    added: 'user.human.passwordless.code.added',
  },
  'user.human.email.code.requested': {
    kind: 'email_verification',
    added: 'user.human.email.code.added',
  },
  'user.human.password.code.requested': {
    kind: 'password_reset',
    added: 'user.human.password.code.added',
  },
} as const;

/** The sign-in a password reset link continues, when it was asked for from one. */
function continuedSignIn(event: CloudEvent): { interaction?: string } {
  if (event.type !== 'user.human.password.code.requested') return {};
  const { interaction } = event.data as EventPayloads['user.human.password.code.requested'];
  return interaction ? { interaction } : {};
}

function emailDue(event: CloudEvent): boolean {
  if (event.type in CODES && event.type !== 'user.human.added') return true;
  const data = event.data as EventPayloads['user.human.added'];
  return (
    event.type === 'user.human.added' &&
    data.initializationRequired &&
    data.sendInitializationEmail !== false
  );
}
