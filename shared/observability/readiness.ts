import { settleWithin } from '../process/settle-within.js';

type Health = 'SERVING' | 'NOT_SERVING';

/** One dependency's check: resolves when it answers, rejects or times out when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

interface ReadinessReport {
  status: Health;
  /** Each check by name: `ok` or `failing`. */
  checks: Record<string, 'ok' | 'failing'>;
}

interface ReadinessChecks {
  /** What the process cannot work without: one failing makes it NOT_SERVING. */
  required: Record<string, ReadinessCheck>;
  /** What it works on without, reported only (the API's Kafka: the outbox holds the events). */
  reported?: Record<string, ReadinessCheck>;
}

/** How long a check may take before its dependency counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process can do its work: every dependency it needs answers, and it is not shutting
 * down. The dependencies it can do without are checked and reported alongside. Checked every `intervalMs` and on demand; listeners hear each change, so the
 * gRPC health service and the HTTP probes say the same thing.
 */
export class Readiness {
  private current: ReadinessReport = { status: 'SERVING', checks: {} };
  private readonly listeners: ((health: Health) => void)[] = [];
  private timer?: NodeJS.Timeout;
  private draining = false;

  constructor(
    private readonly checks: ReadinessChecks,
    private readonly intervalMs: number,
  ) {}

  get status(): Health {
    return this.current.status;
  }

  onChange(listener: (health: Health) => void): void {
    this.listeners.push(listener);
    listener(this.current.status);
  }

  /** Checks now, then every interval until stopped. */
  async start(): Promise<void> {
    await this.check();
    const tick = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.intervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, this.intervalMs).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** From now on NOT_SERVING: the process is shutting down and wants no new work. */
  drain(): void {
    this.draining = true;
    this.report({ status: 'NOT_SERVING', checks: this.current.checks });
  }

  /** Asks every dependency now and reports the answer. */
  async check(): Promise<ReadinessReport> {
    const all = { ...this.checks.reported, ...this.checks.required };
    const names = Object.keys(all);
    const results = await Promise.all(
      names.map(
        async (name) =>
          (await settleWithin(() => all[name]!().then(() => true), CHECK_TIMEOUT_MS)) === true,
      ),
    );
    const checks = Object.fromEntries(
      names.map((name, index) => [name, results[index] ? 'ok' : 'failing'] as const),
    );
    const ready =
      !this.draining && Object.keys(this.checks.required).every((name) => checks[name] === 'ok');
    this.report({ status: ready ? 'SERVING' : 'NOT_SERVING', checks });
    return this.current;
  }

  private report(next: ReadinessReport): void {
    const changed = next.status !== this.current.status;
    this.current = next;
    if (changed) for (const listener of this.listeners) listener(next.status);
  }
}
