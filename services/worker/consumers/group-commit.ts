import { setImmediate } from 'node:timers/promises';

/**
 * Work that callers hand in at about the same moment, done as one: each `add` joins the next
 * run, which starts a loop turn after its first caller (so calls made at the same moment, such as
 * the partitions of one Kafka fetch, join it) and only once the run before it has ended. Every
 * caller of a run gets its outcome. Runs go one at a time, in the order their items came.
 */
export class GroupCommit<Item> {
  private due: Item[] = [];
  private next?: Promise<void>;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly run: (items: Item[]) => Promise<void>) {}

  add(item: Item): Promise<void> {
    this.due.push(item);
    this.next ??= this.start();
    return this.next;
  }

  private async start(): Promise<void> {
    await this.running.catch(() => undefined);
    await setImmediate();
    const items = this.due;
    this.due = [];
    this.next = undefined;
    this.running = this.run(items);
    return this.running;
  }
}
