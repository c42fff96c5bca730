import { pino, type Logger } from 'pino';
import { currentLogContext } from './log-context.js';

export type { Logger };

/**
 * Structured JSON logs. A line written while serving a request carries its `requestId`. Request
 * bodies and headers are never logged; the redaction is a second line of defence for a field
 * that slips in by mistake.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { service: 'identity' },
    mixin: () => ({ ...currentLogContext() }),
    redact: {
      paths: [
        'password',
        '*.password',
        'hashedPassword',
        '*.hashedPassword',
        'otpCode',
        '*.otpCode',
        'authorization',
        '*.authorization',
        'code',
        '*.code',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * What a log line may say about an unexpected error. Database errors are reduced to their code:
 * their messages and TypeORM's copy of the query parameters can echo stored values, hashes included.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, errno } = error as Error & { code?: unknown; errno?: unknown };
  const fromDatabase = error.name === 'QueryFailedError' || errno !== undefined;
  return {
    type: error.name,
    code,
    errno,
    message: fromDatabase ? undefined : error.message,
    stack: error.stack?.split('\n').slice(1).join('\n'),
  };
}
