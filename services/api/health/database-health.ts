import type { DataSource } from 'typeorm';

export type Health = 'SERVING' | 'NOT_SERVING';

/** How long a check may take before the database counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether the database answers, checked every `intervalMs` and on demand. Listeners hear each
 * change, so the gRPC health service and the HTTP probes say the same thing.
 */
export class DatabaseHealth {
  private current: Health = 'SERVING';
  private readonly listeners: ((health: Health) => void)[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly intervalMs: number,
  ) {}

  get status(): Health {
    return this.current;
  }

  onChange(listener: (health: Health) => void): void {
    this.listeners.push(listener);
    listener(this.current);
  }

  start(): void {
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

  /** Asks the database now and reports the answer. */
  async check(): Promise<Health> {
    let timeout: NodeJS.Timeout | undefined;
    const health = await Promise.race([
      this.dataSource.query('SELECT 1').then(() => 'SERVING' as const),
      new Promise<Health>((resolve) => {
        timeout = setTimeout(() => resolve('NOT_SERVING'), CHECK_TIMEOUT_MS);
      }),
    ]).catch(() => 'NOT_SERVING' as const);
    clearTimeout(timeout);
    if (health !== this.current) {
      this.current = health;
      for (const listener of this.listeners) listener(health);
    }
    return health;
  }
}
