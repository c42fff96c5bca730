import type { UserCodeKind } from '../../../shared/db/entities/user-code.entity.js';
import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { timeOf } from '../../../shared/db/data-source.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { deriveOneTimeCode } from '../../../shared/credentials/one-time-code.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import type { InitializationEmailJob } from './initialization-email.job.js';
import { classifySmtpFailure, type SmtpTransport } from './smtp-transport.js';
import { renderInitializationEmail } from './templates/initialization-email.templates.js';

/** What the processor reads of a job, from BullMQ's or from the in-process queue. */
export interface EmailJob {
  id?: string;
  data: InitializationEmailJob;
}

interface InitializationEmailDependencies {
  dataSource: DataSource;
  config: Config;
  transport: SmtpTransport;
  logger: Logger;
}

/** The job's return value, kept by BullMQ: why an email went out or did not. */
export type InitializationEmailOutcome =
  { sent: true; messageId: string } | { sent: false; reason: SkipReason };

export type SkipReason =
  'user-removed' | 'code-missing' | 'already-sent' | 'code-used' | 'code-expired';

interface Recipient {
  email: string;
  /** The address the person asked to change to (SetMyEmail), which a verification link goes to. */
  pending_email: string | null;
  first_name: string;
  display_name: string;
  preferred_language: string | null;
  org_id: string;
  code_id: string | null;
  kind: UserCodeKind | null;
  sent_at: Date | string | null;
  expires_at: Date | string | null;
  used_at: Date | string | null;
}

/**
 * Sends the email of one job. A failure that another try can cure is thrown as it is, for BullMQ
 * to retry with back-off; one that cannot is an `UnrecoverableError`, which fails the job at once.
 * No message or log line holds the code or the link.
 *
 * The code is derived again here from the code's id, never read from anywhere, so the queue never
 * holds one. Every try mails the same message: the same code and link, and a Message-ID made from
 * the code's id, so the duplicate a crash can cause (the server accepted, the worker died before
 * recording it) is the same email again, whose first link still works.
 */
export function createInitializationEmailProcessor({
  dataSource,
  config,
  transport,
  logger,
}: InitializationEmailDependencies): (job: EmailJob) => Promise<InitializationEmailOutcome> {
  return async (job) => {
    const { userId, codeId } = job.data;
    // The address is read now, not when the job was queued: a changed email gets the mail.
    // The code's row, when there is one, says whether the email would still be of any use.
    const [user] = (await dataSource.query(
      `SELECT u.email, u.pending_email, u.first_name, u.display_name, u.preferred_language, u.org_id,
              c.id AS code_id, c.kind, c.sent_at, c.expires_at, c.used_at
         FROM users u LEFT JOIN user_codes c ON c.id = ? AND c.user_id = u.id
        WHERE u.id = ?`,
      [codeId, userId],
    )) as Recipient[];
    const skip = (reason: SkipReason): InitializationEmailOutcome => {
      logger.info({ jobId: job.id, userId, codeId, reason }, 'initialization email skipped');
      return { sent: false, reason };
    };
    if (!user) return skip('user-removed');
    if (!user.code_id) return skip('code-missing');
    // Sent before by a run of this job that died before BullMQ heard of it: the code it mailed
    // is the stored one, so the user has a working email already.
    if (user.sent_at) return skip('already-sent');
    if (user.used_at) return skip('code-used');
    const expiresAt = timeOf(user.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now()) return skip('code-expired');

    const code = deriveOneTimeCode(secretKeyOf(config), codeId);
    // A row stored under another key (or before codes were derived) is brought to this code.
    await dataSource.query(
      'UPDATE user_codes SET code_hash = ? WHERE id = ? AND used_at IS NULL AND code_hash <> ?',
      [code.hash, codeId, code.hash],
    );
    const content = renderInitializationEmail({
      language: user.preferred_language,
      displayName: user.display_name,
      firstName: user.first_name,
      link: linkOf(config, userId, user, code.code, job.data.interaction),
      kind: user.kind ?? 'initialization',
    });
    const info = await send(transport, {
      from: config.worker.smtpFrom,
      to: { name: user.display_name, address: addressOf(user) },
      messageId: `<init-${codeId}@${new URL(config.publicUrl).hostname}>`,
      ...content,
    });
    // First thing after the server accepted it, so a run of this job after a crash finds it.
    await dataSource.query('UPDATE user_codes SET sent_at = ? WHERE id = ?', [new Date(), codeId]);
    logger.info(
      { jobId: job.id, userId, codeId, messageId: info.messageId },
      'initialization email sent',
    );
    return { sent: true, messageId: String(info.messageId) };
  };
}

/**
 * The link the code goes in: the activation page's, for an email verification code the
 * verification page's (`/ui/login/email/verify?userID&code`), or for a passwordless registration
 * code the passkey registration page's (`/ui/login/passwordless/init?userID&orgID&codeID&code`),
 * for a password reset code the reset page's (`/ui/login/password/reset?userID&code`, and
 * `&interaction` when the reset continues a sign-in).
 */
function linkOf(
  config: Config,
  userId: string,
  user: Recipient,
  code: string,
  interaction: string | undefined,
): string {
  if (user.kind === 'password_reset') {
    const query = new URLSearchParams({ userID: userId, code });
    if (interaction) query.set('interaction', interaction);
    return `${config.publicUrl}/ui/login/password/reset?${query}`;
  }
  if (user.kind === 'passwordless_registration') {
    const query = new URLSearchParams({
      userID: userId,
      orgID: user.org_id,
      codeID: user.code_id!,
      code,
    });
    return `${config.publicUrl}/ui/login/passwordless/init?${query}`;
  }
  const page = user.kind === 'email_verification' ? 'email/verify' : 'init';
  return `${config.publicUrl}/ui/login/${page}?${new URLSearchParams({ userID: userId, code })}`;
}

/**
 * Where the email goes: a verification link to the address waiting for it, when the person asked
 * to change their email; every other email to the user's email.
 */
function addressOf(user: Recipient): string {
  return user.kind === 'email_verification' && user.pending_email ? user.pending_email : user.email;
}

/** Sends, turning an SMTP failure into one BullMQ retries (transient) or fails at once (permanent). */
async function send(
  transport: SmtpTransport,
  mail: Parameters<SmtpTransport['sendMail']>[0],
): Promise<{ messageId: string }> {
  try {
    return await transport.sendMail(mail);
  } catch (error) {
    // The original error is dropped: its message may quote the server, and BullMQ keeps it.
    const failure = classifySmtpFailure(error);
    if (failure.permanent) throw new UnrecoverableError(`email refused: ${failure.summary}`);
    throw new Error(`email not sent, will retry while attempts remain: ${failure.summary}`);
  }
}
