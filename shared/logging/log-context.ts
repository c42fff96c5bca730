import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line written on behalf of one request carries. */
interface LogContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` on every log line it writes, however deep and async. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being served, for the logger's mixin. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/**
 * The caller's `x-request-id` when it is a plausible id (so it can tie our lines to theirs), a
 * new one otherwise: nothing a caller sends reaches the logs unchecked.
 */
export function requestIdFrom(header: string | undefined): string {
  return header && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}
