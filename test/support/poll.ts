import { on, type EventEmitter } from 'node:events';

/**
 * Reads every `intervalMs` until `done` holds for what was read, and returns that reading. Fails
 * after `timeoutMs` with the last reading, so a test never goes on as if it had held.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`gave up after ${timeoutMs} ms; last read: ${describe(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The arguments of the first `name` event of `emitter` that `matches` takes, for a part that
 * tells what it did (the relay, an outbox subscription). Listens from the call on: call it
 * before what causes the event, or wait for an event that repeats. Fails after `timeoutMs`.
 */
export async function nextEvent<
  Events extends Record<keyof Events, unknown[]>,
  Name extends keyof Events & string,
>(
  emitter: EventEmitter<Events>,
  name: Name,
  matches: (...args: Events[Name]) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<Events[Name]> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for await (const args of on(emitter as EventEmitter, name, { signal })) {
      if (matches(...(args as Events[Name]))) return args as Events[Name];
    }
  } catch (error) {
    if (signal.aborted) throw new Error(`no matching '${name}' event within ${timeoutMs} ms`);
    throw error;
  }
  throw new Error(`the '${name}' events ended`);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
