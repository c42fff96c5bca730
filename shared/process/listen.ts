import type { Server } from 'node:net';
import { getSystemErrorMap } from 'node:util';

/**
 * A port this process cannot listen on. The start ends with its message as the one line it
 * prints: which variable, which port and why (`cannot listen on HTTP_PORT 8080: address already
 * in use`), rather than a stack, or worse a process that runs without its port.
 */
export class PortUnavailableError extends Error {
  constructor(variable: string, port: number, reason: string) {
    super(`cannot listen on ${variable} ${port}: ${reason}`);
  }

  /**
   * From the system error code (`EADDRINUSE`) named in `error`'s code or message: gRPC's
   * bind reports it in its message only.
   */
  static of(variable: string, port: number, error: unknown): PortUnavailableError {
    const { code, message } = error as { code?: unknown; message?: string };
    const name = typeof code === 'string' ? code : /\b(E[A-Z]+)\b/.exec(message ?? '')?.[1];
    const reason = [...getSystemErrorMap().values()].find(([known]) => known === name)?.[1];
    return new PortUnavailableError(variable, port, reason ?? message ?? String(error));
  }
}

/**
 * Listens on `port` and resolves once listening; rejects with a PortUnavailableError naming
 * `variable` when the port cannot be bound. (Express 5's `app.listen` hands that error to its
 * callback, which made a taken port look like a start.)
 */
export function listen(server: Server, port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => reject(PortUnavailableError.of(variable, port, error));
    server.once('error', failed);
    server.listen(port, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
