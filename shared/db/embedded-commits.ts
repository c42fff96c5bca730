import { AsyncLocalStorage } from 'node:async_hooks';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One holder at a time, in the order asked; the holder's own calls pass straight through. */
export class Gate {
  private tail: Promise<void> = Promise.resolve();
  private readonly holding = new AsyncLocalStorage<true>();

  get held(): boolean {
    return this.holding.getStore() === true;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.held) return work();
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    return before.then(() => this.holding.run(true, work)).finally(release);
  }
}

/**
 * Group commit over SQLite's write-ahead log `log`: with `synchronous = NORMAL` a COMMIT leaves
 * its pages in the operating system's cache, and whoever needs it durable waits for a sync of
 * the log that began after it. One sync serves every commit made before it began, and it runs on
 * the thread pool, so the event loop goes on while the disk works.
 */
export class LogSync {
  private syncing?: Promise<void>;
  private next?: Promise<void>;
  /**
   * The names of the log and of a new database file, which SQLite syncs in their directory only
   * at its own first sync of the log (a checkpoint's).
   */
  private directorySynced = false;

  constructor(private readonly log: string) {}

  /** Resolves once the disk holds every commit made before the call. */
  sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.write().finally(() => (this.syncing = undefined));
      return this.syncing;
    }
    // The sync under way may have begun before the caller's commit: wait for the next one.
    this.next ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.sync();
      });
    return this.next;
  }

  private async write(): Promise<void> {
    try {
      await syncFile(this.log, false);
    } catch (error) {
      // Closing the database checkpointed the log into the file, synced it and removed it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (this.directorySynced) return;
    await syncFile(dirname(this.log), true);
    this.directorySynced = true;
  }
}

/** fsync, or fdatasync (the data, and the size that reaches it) when `whole` is false. */
async function syncFile(path: string, whole: boolean): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await (whole ? handle.sync() : handle.datasync());
  } finally {
    await handle.close();
  }
}
