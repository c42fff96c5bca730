import { spawn, type ChildProcess } from 'node:child_process';
import { pollUntil } from './poll.js';
import { once } from 'node:events';
import net from 'node:net';
import { join } from 'node:path';
import type { Config } from '../../shared/config/config.js';

/** The API as its own process (`npm start`), configured like a TestService plus `env`. */
export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Its exit code and signal, once it ends. */
  exited: Promise<[number | null, string | null]>;
}

/** Starts `dist/services/api/main.js` on a free port over `config`'s database and keys; waits until ready. */
export async function startApiProcess(
  config: Config,
  env: Record<string, string>,
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn('node', [join(process.cwd(), 'dist/services/api/main.js')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HTTP_PORT: String(port),
      GRPC_PORT: '0',
      DATABASE_URL: config.databaseUrl,
      JWKS_FILE: config.auth.jwksFile,
      PUBLIC_URL: config.publicUrl,
      SECRETS_ENCRYPTION_KEY: config.secretsEncryptionKey!.toString('base64'),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const url = `http://127.0.0.1:${port}`;
  // A process that exits instead is returned too, for the test to read why.
  await pollUntil(
    () =>
      fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      ),
    (ready) => ready || child.exitCode !== null,
    10_000,
  );
  return { child, url, stderr: () => stderr, exited };
}

/** A port nothing listens on now, for a process that is about to. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
