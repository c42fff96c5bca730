import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A file holding the pid of the process that has the database open. It is made whole, then
 * linked into place (which fails when the lock exists), so it is never seen half-written. A lock
 * whose process is gone is moved aside, and put back when what was moved turns out to be another
 * process's fresh lock.
 */
export class FileLock {
  private held = false;

  constructor(private readonly path: string) {}

  acquire(database: string): void {
    const mine = `${this.path}.${process.pid}`;
    writeFileSync(mine, String(process.pid));
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          linkSync(mine, this.path);
          this.held = true;
          // A start that fails, or an exit without stopping, leaves no lock behind.
          process.once('exit', this.onExit);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const owner = readOwner(this.path);
        if (owner !== undefined && isRunning(owner)) throw inUse(database, owner);
        this.setAside(owner);
      }
      throw inUse(database, readOwner(this.path));
    } finally {
      rmSync(mine, { force: true });
    }
  }

  private readonly onExit = (): void => this.release();

  release(): void {
    if (this.held) rmSync(this.path, { force: true });
    this.held = false;
    process.removeListener('exit', this.onExit);
  }

  /** Moves the lock of the gone process `owner` aside; one that is not its goes back. */
  private setAside(owner: number | undefined): void {
    const aside = `${this.path}.${process.pid}.stale`;
    try {
      renameSync(this.path, aside);
    } catch {
      return; // another process moved it first
    }
    if (readOwner(aside) !== owner) {
      try {
        linkSync(aside, this.path);
      } catch {
        // the place was taken again meanwhile: that lock stands
      }
    }
    rmSync(aside, { force: true });
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function inUse(database: string, owner: number | undefined): Error {
  return new Error(
    `the embedded database ${database} is open in process ${owner ?? '(another)'}: stop that process first, or set DATABASE_URL`,
  );
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
