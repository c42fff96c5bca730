import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPTS = join(process.cwd(), 'scripts');

/** A real single-node broker started with the project's own scripts, on free loopback ports. */
export class KafkaBroker {
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }

  static async start(): Promise<KafkaBroker> {
    const broker = new KafkaBroker(
      await freePortPair(),
      await mkdtemp(join(tmpdir(), 'identity-kafka-')),
    );
    await broker.resume();
    return broker;
  }

  /** Starts it again on the same port and data after `pause()`. */
  async resume(): Promise<void> {
    await run(join(SCRIPTS, 'kafka-start.sh'), ['--port', String(this.port), '--dir', this.dir], {
      timeout: 180_000,
    });
  }

  /** Stops the broker process, keeping its data. */
  async pause(): Promise<void> {
    await run(join(SCRIPTS, 'kafka-stop.sh'), ['--dir', this.dir]);
  }

  /** Stops it and deletes its data. */
  async remove(): Promise<void> {
    await run(join(SCRIPTS, 'kafka-stop.sh'), ['--dir', this.dir, '--remove']);
  }
}

/** A port whose neighbour (the controller's) is free too. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenOnce(0);
    if (
      port < 65535 &&
      (await listenOnce(port + 1).then(
        () => true,
        () => false,
      ))
    )
      return port;
  }
  throw new Error('no two neighbouring free ports');
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}

/** True when something accepts connections at the first `host:port` of `brokers`. */
export function reachable(brokers: string): Promise<boolean> {
  const [host = '127.0.0.1', port = '9092'] = (brokers.split(',')[0] ?? '').split(':');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), host);
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
