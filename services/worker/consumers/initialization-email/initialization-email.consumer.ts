import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../../../shared/config/config.js';
import {
  createOneTimeCode,
  type OneTimeCode,
} from '../../../../shared/credentials/one-time-code.js';
import { inTransaction } from '../../../../shared/db/data-source.js';
import { User, UserCode } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventPayloads, EventType } from '../../../../shared/events/event-types.js';
import { recordChange } from '../../../../shared/events/record-change.js';
import { encryptSecret } from '../../../api/credentials/otp-secret.js';
import { enqueueInitializationEmail, type EmailQueue } from '../../email/email-queue.js';
import { initializationEmailJobId } from '../../email/initialization-email.job.js';
import type { EventConsumer } from '../event-consumer.js';

/**
 * Sends the initialization email the spec's rule 1 of 4.2 promises: when a user is added whose
 * email is unverified or who has no password (the event says so), it makes a one-time code (only
 * its hash is stored), records `user.human.init.code.added` through the outbox, and queues the
 * email under a job id derived from the event.
 *
 * Redelivery is safe at every step. A queued job means all is done. A code without a job means
 * the worker stopped between the two: the clear code is lost with it, so the code is replaced
 * (same id, new hash, no second event) and then queued.
 */
export class InitializationEmailConsumer implements EventConsumer {
  readonly name = 'initialization-email';
  readonly handles: readonly EventType[] = ['user.human.added'];

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Config,
    private readonly queue: EmailQueue,
  ) {}

  async perform(event: CloudEvent): Promise<void> {
    const data = event.data as EventPayloads['user.human.added'];
    if (event.type !== 'user.human.added' || !data.initializationRequired) return;
    if (await this.queue.getJob(initializationEmailJobId(event.id))) return;
    const code = createOneTimeCode();
    const codeId = await this.storeCode(event, code);
    if (!codeId) return;
    const sealedCode = encryptSecret(
      this.config.secretsEncryptionKey!,
      Buffer.from(code.code, 'utf8'),
    ).toString('base64');
    await enqueueInitializationEmail(
      this.queue,
      event.id,
      { userId: event.subject, codeId, sealedCode },
      this.config.worker,
    );
  }

  /** The code's id, or undefined when the user no longer exists. */
  private storeCode(event: CloudEvent, code: OneTimeCode): Promise<string | undefined> {
    const expiresAt = new Date(Date.now() + this.config.worker.initCodeLifetimeSeconds * 1000);
    return inTransaction(this.dataSource, async (manager) => {
      const user = await manager.findOne(User, {
        where: { id: event.subject },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) return undefined;
      const earlier = await manager.findOne(UserCode, { where: { sourceEventId: event.id } });
      if (earlier) {
        await manager.update(UserCode, { id: earlier.id }, { codeHash: code.hash, expiresAt });
        return earlier.id;
      }
      const codeId = uuidv7();
      await manager.insert(UserCode, {
        id: codeId,
        userId: user.id,
        kind: 'initialization',
        codeHash: code.hash,
        expiresAt,
        createdAt: new Date(),
        usedAt: null,
        sourceEventId: event.id,
      });
      const added = {
        type: 'user.human.init.code.added',
        payload: { codeId, expiration: expiresAt.toISOString() },
      } as const;
      await recordChange(manager, User, user, added, {});
      return codeId;
    });
  }
}
