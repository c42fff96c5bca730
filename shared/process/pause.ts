/** A wait that something else can cut short: a poll loop's sleep that a stop or a wake-up ends. */
export class Pause {
  private wakeUp?: () => void;

  /** Resolves after `ms`, or as soon as `wake()` is called. */
  for(ms: number): Promise<void> {
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
}
