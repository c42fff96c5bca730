/**
 * `BENCH_CPU_PROFILE=<file>`: a V8 CPU profile of this process (the API and the relay) over the
 * measured runs only, for finding where an operation's CPU goes (open it in Chrome's DevTools).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

export class CpuProfile {
  private session?: Session;

  constructor(private readonly file = process.env.BENCH_CPU_PROFILE) {}

  /** Runs `measure` with the profiler on; without a file, just runs it. */
  async around<R>(measure: () => Promise<R>): Promise<R> {
    if (!this.file) return measure();
    if (!this.session) {
      this.session = new Session();
      this.session.connect();
      await this.session.post('Profiler.enable');
    }
    await this.session.post('Profiler.start');
    try {
      return await measure();
    } finally {
      const { profile } = await this.session.post('Profiler.stop');
      await writeFile(this.file, JSON.stringify(profile));
    }
  }
}
