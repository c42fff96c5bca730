/** A wait that something else can cut short: a poll loop's sleep that a stop or a wake-up ends. */
export class Pause {
  private wakeUp?: () => void;
  private stopped = false;

  /** Resolves after `ms`, or as soon as `wake()` is called; at once after `stop()`. */
  for(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Ends the current wait and every later one: the loop is stopping. */
  stop(): void {
    this.stopped = true;
    this.wake();
  }
}
