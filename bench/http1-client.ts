/**
 * The load's HTTP/1.1 client: keep-alive connections, one request in flight on each, the request
 * written in one piece and the answer read by its Content-Length or its chunks. It does what the
 * load needs and no more, for a fraction of a general client's CPU (measured against undici in
 * docs/benchmarks-log.md): on this machine the load generator's CPU is CPU the service does not get.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (answer: Answer) => void; reject: (error: Error) => void };
  closed = false;

  constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.answer();
    });
    const gone = (error?: Error) => {
      this.closed = true;
      this.waiting?.reject(error ?? new Error('the connection closed'));
      this.waiting = undefined;
    };
    socket.on('error', gone);
    socket.on('close', () => gone());
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  /** Resolves the request in flight once its whole answer is in the buffer. */
  private answer(): void {
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffer.toString('latin1', 0, headEnd).toLowerCase();
    const status = Number(head.slice(9, 12));
    const start = headEnd + HEAD_END.length;
    const length = /\r\ncontent-length:\s*(\d+)/.exec(head)?.[1];
    let body: Buffer | undefined;
    let end = start;
    if (length !== undefined) {
      end = start + Number(length);
      if (this.buffer.length < end) return;
      body = this.buffer.subarray(start, end);
    } else if (head.includes('\r\ntransfer-encoding: chunked')) {
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', end);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString('latin1', end, lineEnd), 16);
        const next = lineEnd + 2 + size + 2;
        if (this.buffer.length < next) return;
        if (size === 0) {
          end = next;
          break;
        }
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        end = next;
      }
      body = Buffer.concat(chunks);
    } else {
      body = Buffer.alloc(0);
    }
    this.buffer = this.buffer.subarray(end);
    const { resolve } = this.waiting;
    this.waiting = undefined;
    if (head.includes('\r\nconnection: close')) this.closed = true;
    resolve({ status, body });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Connections to one origin, each reused once its answer is in. */
export class Http1Pool {
  private readonly idle: Connection[] = [];
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  async request(method: string, path: string, headers: Record<string, string>, body: Buffer) {
    const head = [
      `${method} ${path} HTTP/1.1`,
      `host: ${this.host}:${this.port}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${body.length}`,
    ].join('\r\n');
    const connection = this.idle.pop() ?? (await this.open());
    const answer = await connection.send(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]));
    if (connection.closed) connection.close();
    else this.idle.push(connection);
    return answer;
  }

  private open(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, this.host, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }
}
