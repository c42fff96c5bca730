import nodemailer from 'nodemailer';
import type { WorkerConfig } from '../../../shared/config/config.js';
import { createEmailFolderTransport } from './email-folder-transport.js';
import type { SmtpTransport } from './mail-transport.js';

export type { SmtpTransport } from './mail-transport.js';

/** SMTP when `SMTP_URL` is set, `.eml` files in `EMAIL_DIR` otherwise. */
export function createEmailTransport(config: WorkerConfig): SmtpTransport {
  return config.smtpUrl ? createSmtpTransport(config) : createEmailFolderTransport(config.emailDir);
}

/**
 * The emails' SMTP connections. The URL gives host, port, credentials and TLS: `smtp://` upgrades
 * with STARTTLS when the server offers it, `smtps://` speaks TLS from the start.
 */
function createSmtpTransport(config: WorkerConfig): SmtpTransport {
  if (!config.smtpUrl) throw new Error('SMTP_URL is required for an SMTP transport');
  return nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: config.smtpPoolSize,
    // BullMQ retries with back-off and records each try; a second, hidden retry loop in the
    // pool would only blur that.
    maxRequeues: 0,
    // nodemailer waits minutes by default; a dead server must fail the try fast so the job
    // returns to the queue instead of holding a worker slot.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    dnsTimeout: 5_000,
    socketTimeout: 15_000,
  });
}

interface SmtpFailure {
  /** Sending the same message again cannot succeed. */
  permanent: boolean;
  /** Status and stage only: the server's text can echo addresses or content, so it is left out. */
  summary: string;
}

/** Problems of our set-up or of the way to the server: they heal, the message is not at fault. */
const TRANSIENT_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EAUTH',
  'ENOAUTH',
]);

/**
 * Reads a nodemailer error. A 5xx reply is the server refusing this message for good, so it is
 * permanent, except on login (`EAUTH`): bad credentials are ours to fix, and every email would
 * be lost meanwhile. 4xx replies and connection trouble are transient; so is anything unknown,
 * which the job's attempts bound.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const { code, originalCode, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    /** The socket's own code, e.g. ECONNREFUSED under nodemailer's ESOCKET. */
    originalCode?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  const status = typeof responseCode === 'number' ? responseCode : undefined;
  const name = typeof code === 'string' ? code : undefined;
  const summary = [
    status !== undefined ? `SMTP ${status}` : 'SMTP failure',
    typeof command === 'string' ? `on ${command}` : undefined,
    name ? `(${[name, originalCode].filter((c) => typeof c === 'string').join(' ')})` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const transientByCode = name !== undefined && TRANSIENT_CODES.has(name);
  const permanent =
    (status !== undefined && status >= 500 && !transientByCode) ||
    (status === undefined && name === 'EENVELOPE');
  return { permanent, summary };
}
