import { AsyncLocalStorage } from 'node:async_hooks';
import { open, rename } from 'node:fs/promises';
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

/** Group commit: a save started after the caller's write, shared by every write since the last. */
export class Saves {
  private writing?: Promise<void>;
  private next?: Promise<void>;
  /** Something changed since the last snapshot. */
  private dirty = false;

  /**
   * `snapshot` gives the database's bytes, or undefined while a transaction is open (a
   * migration's, which its COMMIT saves).
   */
  constructor(
    private readonly file: string,
    private readonly gate: Gate,
    private readonly snapshot: () => Uint8Array | undefined,
  ) {}

  /**
   * Saves without waiting: for the writes outside a transaction (the worker's read models,
   * cursors and sent marks), which a restart redoes from the cursors if a crash loses them. A
   * failed save surfaces in the next one a commit waits for, which writes everything again.
   */
  soon(): void {
    this.save().catch(() => undefined);
  }

  changed(): void {
    this.dirty = true;
  }

  save(): Promise<void> {
    if (!this.writing) {
      if (!this.dirty) return Promise.resolve();
      this.writing = this.write().finally(() => (this.writing = undefined));
      return this.writing;
    }
    // The save under way may have taken its snapshot before this write: wait for the next one.
    this.next ??= this.writing
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.save();
      });
    return this.next;
  }

  private async write(): Promise<void> {
    // Between transactions, so the snapshot holds whole ones.
    const data = await this.gate.run(async () => {
      if (!this.dirty) return undefined;
      const data = this.snapshot();
      if (data) this.dirty = false;
      return data;
    });
    if (!data) return;
    try {
      await writeAtomically(this.file, data);
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
}

/** Temp file, synced, renamed over `file`, and the rename synced: a crash keeps one whole. */
async function writeAtomically(file: string, data: Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.saving`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const directory = await open(dirname(file), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
