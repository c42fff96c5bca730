import { SingleBar } from 'cli-progress';

/** Where a migration stands, as its progress shows it. */
export interface Standing {
  done: number;
  refused: number;
  /** Records done in order: where a killed run would resume. */
  resumable: number;
  /** The share of the source read, from 0 to 1. */
  read: number;
}

const LOG_EVERY_MS = 5000;

/**
 * A migration's progress on stderr: a bar (users done, rate, ETA; cli-progress) on a terminal, a
 * log line every few seconds otherwise. The ETA comes from the share of the source's bytes read.
 */
export class Progress {
  private readonly started = Date.now();
  private readonly bar?: SingleBar;
  private lastLog = Date.now();
  private firstRead?: number;

  constructor(
    private readonly log: (line: string) => void,
    terminal = process.stderr.isTTY,
  ) {
    if (!terminal) return;
    this.bar = new SingleBar({
      format:
        'migrate [{bar}] {percentage}% | {done} users | {rate}/s | ETA {eta_formatted} | {refused} refused',
      hideCursor: true,
    });
    this.bar.start(1000, 0, { done: 0, rate: 0, refused: 0 });
  }

  update(standing: Standing): void {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = Math.round(standing.done / Math.max(seconds, 0.001));
    this.firstRead ??= standing.read;
    if (this.bar) {
      const { done, refused } = standing;
      this.bar.update(Math.round(standing.read * 1000), { done, rate, refused });
      return;
    }
    if (Date.now() - this.lastLog < LOG_EVERY_MS) return;
    this.lastLog = Date.now();
    // Read since this run began, against what is left: a resumed run starts part of the way in.
    const pace = (standing.read - this.firstRead) / seconds;
    const eta = pace > 0 ? `, ETA ${Math.ceil((1 - standing.read) / pace)} s` : '';
    this.log(
      `migrate: ${standing.done} done (${rate}/s), ${standing.refused} refused, ` +
        `${Math.floor(standing.read * 100)}% read${eta}, resumable after ${standing.resumable}`,
    );
  }

  stop(): void {
    this.bar?.stop();
  }
}
