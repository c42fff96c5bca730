import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string>();

/**
 * Runs `work` with `userId` as the editor of every event it records, however deep and async: the
 * pipeline runs each operation's call in it, with the authenticated caller. Events recorded
 * outside any call (the sign-in and account pages, the worker, `identityctl` on the database)
 * have no editor.
 */
export function asEditor<T>(userId: string, work: () => T): T {
  return storage.run(userId, work);
}

/** The user whose call is recording events now, or null outside an operation's call. */
export function currentEditor(): string | null {
  return storage.getStore() ?? null;
}
