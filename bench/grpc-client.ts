/**
 * The load's gRPC client: one HTTP/2 connection (RFC 9113) framed here, its header blocks
 * compressed and read by hpack.js (RFC 7541). A call is one stream: HEADERS and DATA with the
 * request out, HEADERS, DATA and trailers in, and it succeeded when the answer is `:status` 200
 * with `grpc-status` 0. It does what the load needs and no more, for a fraction of node:http2's
 * CPU (measured in docs/benchmarks-log.md): on this machine the load's CPU is CPU the service does
 * not get. Flow control is kept both ways; the server's PINGs and SETTINGS are answered.
 */
import { connect, type Socket } from 'node:net';
import hpack from 'hpack.js';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
const Type = {
  Data: 0,
  Headers: 1,
  RstStream: 3,
  Settings: 4,
  Ping: 6,
  GoAway: 7,
  WindowUpdate: 8,
  Continuation: 9,
} as const; // The frame types (RFC 9113, section 6) the client sends or reads.
const [END_STREAM, ACK, END_HEADERS, PADDED, PRIORITY] = [0x1, 0x1, 0x4, 0x8, 0x20];
const Setting = { enablePush: 2, maxConcurrentStreams: 3, initialWindowSize: 4, maxFrameSize: 5 };
const MAX_WINDOW = 2 ** 31 - 1;
const DEFAULT_WINDOW = 65_535;

function frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const head = Buffer.allocUnsafe(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
}

function settings(values: [number, number][]): Buffer {
  const payload = Buffer.alloc(6 * values.length);
  values.forEach(([id, value], index) => {
    payload.writeUInt16BE(id, index * 6);
    payload.writeUInt32BE(value, index * 6 + 2);
  });
  return frame(Type.Settings, 0, 0, payload);
}

function windowUpdate(stream: number, increment: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(increment);
  return frame(Type.WindowUpdate, 0, stream, payload);
}

interface Call {
  headerBlock: Buffer;
  message: Buffer;
  resolve: (ok: boolean) => void;
}

interface Open {
  resolve: (ok: boolean) => void;
  status?: string;
  grpcStatus?: string;
  /** When the answer's first DATA frame came (performance.now()). */
  messageAt?: number;
}

/** One HTTP/2 connection carrying gRPC calls, each on a stream of its own. */
export class GrpcConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly streams = new Map<number, Open>();
  private readonly waiting: Call[] = [];
  private readonly blocks = new Map<string, Buffer>();
  private readonly decompressor = hpack.decompressor.create({ table: { size: 4096 } });
  private readonly compressor = hpack.compressor.create({ table: { size: 4096 } });
  private nextStream = 1;
  private sendWindow = DEFAULT_WINDOW;
  private streamWindow = DEFAULT_WINDOW;
  private maxFrame = 16_384;
  private maxStreams = Infinity;
  private received = 0;
  /** A header block split over CONTINUATION frames: its stream, its flags, its pieces. */
  private partial?: { stream: number; flags: number; pieces: Buffer[] };
  private closed = false;
  /** Answers whose trailers came after their message, and the ms they came after it in all. */
  private trailed = { answers: 0, ms: 0 };

  private constructor(
    private readonly socket: Socket,
    private readonly authority: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.frames();
    });
    socket.on('error', () => this.fail());
    socket.on('close', () => this.fail());
    socket.write(
      Buffer.concat([
        PREFACE,
        settings([
          [Setting.enablePush, 0],
          [Setting.initialWindowSize, MAX_WINDOW],
        ]),
        windowUpdate(0, MAX_WINDOW - DEFAULT_WINDOW),
      ]),
    );
  }

  static open(address: string): Promise<GrpcConnection> {
    const url = new URL(`http://${address}`);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        resolve(new GrpcConnection(socket, url.host)),
      );
      socket.once('error', reject);
    });
  }

  /** Calls `path` with `message`, already in gRPC's length-prefixed framing: true if it was OK. */
  call(path: string, authorization: string, message: Buffer): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.waiting.push({ headerBlock: this.headerBlock(path, authorization), message, resolve });
      this.start();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /**
   * The mean ms between an answer's message and its trailers (the HEADERS frame that ends the
   * stream), over the answers that had both since the last time it was taken; undefined when
   * none had. The server sends the two in separate writes when its HTTP/2 stack defers the
   * trailers (node:http2 submits them from a setImmediate), and a call is only done with its
   * trailers.
   */
  takeMeanTrailersWaitMs(): number | undefined {
    const { answers, ms } = this.trailed;
    this.trailed = { answers: 0, ms: 0 };
    return answers === 0 ? undefined : ms / answers;
  }

  /** The request's header block: never indexed, so one block serves every call alike. */
  private headerBlock(path: string, authorization: string): Buffer {
    const key = `${path}\n${authorization}`;
    let block = this.blocks.get(key);
    if (!block) {
      const headers = {
        ':method': 'POST',
        ':scheme': 'http',
        ':path': path,
        ':authority': this.authority,
        'content-type': 'application/grpc',
        te: 'trailers',
        authorization,
      };
      this.compressor.write(
        Object.entries(headers).map(([name, value]) => ({ name, value, neverIndex: true })),
      );
      const pieces: Buffer[] = [];
      for (let piece; (piece = this.compressor.read()) !== null;) pieces.push(piece);
      block = Buffer.concat(pieces);
      this.blocks.set(key, block);
    }
    return block;
  }

  /** Opens a stream for each waiting call the server's limits allow. */
  private start(): void {
    const out: Buffer[] = [];
    while (this.waiting.length > 0 && this.streams.size < this.maxStreams) {
      const call = this.waiting[0]!;
      const size = call.message.length;
      if (size > this.sendWindow) break;
      if (
        size > this.streamWindow ||
        size > this.maxFrame ||
        call.headerBlock.length > this.maxFrame
      )
        throw new Error('a gRPC request larger than one frame or the stream window');
      this.waiting.shift();
      const stream = this.nextStream;
      this.nextStream += 2;
      this.sendWindow -= size;
      this.streams.set(stream, { resolve: call.resolve });
      out.push(frame(Type.Headers, END_HEADERS, stream, call.headerBlock));
      out.push(frame(Type.Data, END_STREAM, stream, call.message));
    }
    if (out.length > 0) this.socket.write(Buffer.concat(out));
  }

  private frames(): void {
    while (this.buffer.length >= 9) {
      const length = this.buffer.readUIntBE(0, 3);
      if (this.buffer.length < 9 + length) return;
      const type = this.buffer[3]!;
      const flags = this.buffer[4]!;
      const stream = this.buffer.readUInt32BE(5) & MAX_WINDOW;
      const payload = this.buffer.subarray(9, 9 + length);
      this.buffer = this.buffer.subarray(9 + length);
      this.frame(type, flags, stream, payload);
    }
  }

  private frame(type: number, flags: number, stream: number, payload: Buffer): void {
    switch (type) {
      case Type.Data: {
        const open = this.streams.get(stream);
        if (open) open.messageAt ??= performance.now();
        this.received += payload.length;
        if (this.received > MAX_WINDOW / 2) {
          this.socket.write(windowUpdate(0, this.received));
          this.received = 0;
        }
        if (flags & END_STREAM) this.finish(stream);
        return;
      }
      case Type.Headers: {
        let start = flags & PADDED ? 1 : 0;
        const end = payload.length - (flags & PADDED ? payload[0]! : 0);
        if (flags & PRIORITY) start += 5;
        this.partial = { stream, flags, pieces: [payload.subarray(start, end)] };
        if (flags & END_HEADERS) this.headers();
        return;
      }
      case Type.Continuation:
        this.partial?.pieces.push(payload);
        if (flags & END_HEADERS) this.headers();
        return;
      case Type.RstStream:
        this.finish(stream, false);
        return;
      case Type.Settings:
        if (flags & ACK) return;
        for (let at = 0; at + 6 <= payload.length; at += 6) {
          const value = payload.readUInt32BE(at + 2);
          const id = payload.readUInt16BE(at);
          if (id === Setting.initialWindowSize) this.streamWindow = value;
          if (id === Setting.maxFrameSize) this.maxFrame = value;
          if (id === Setting.maxConcurrentStreams) this.maxStreams = value;
        }
        this.socket.write(frame(Type.Settings, ACK, 0, Buffer.alloc(0)));
        this.start();
        return;
      case Type.Ping:
        if (!(flags & ACK)) this.socket.write(frame(Type.Ping, ACK, 0, payload));
        return;
      case Type.WindowUpdate:
        if (stream === 0) this.sendWindow += payload.readUInt32BE(0) & MAX_WINDOW;
        this.start();
        return;
      case Type.GoAway:
        this.fail();
        return;
      default:
        // PRIORITY and unknown frame types are ignored, as RFC 9113 §4.1 has it.
        return;
    }
  }

  /** A whole header block: decoded in order (the table is shared), then read for the stream. */
  private headers(): void {
    const { stream, flags, pieces } = this.partial!;
    this.partial = undefined;
    this.decompressor.write(Buffer.concat(pieces));
    this.decompressor.execute();
    const open = this.streams.get(stream);
    for (let header; (header = this.decompressor.read()) !== null;) {
      const { name, value } = header;
      if (!open) continue;
      if (name === ':status') open.status = value;
      else if (name === 'grpc-status') open.grpcStatus = value;
    }
    if (flags & END_STREAM) {
      if (open?.messageAt !== undefined) {
        this.trailed.answers++;
        this.trailed.ms += performance.now() - open.messageAt;
      }
      this.finish(stream);
    }
  }

  private finish(stream: number, ok?: boolean): void {
    const open = this.streams.get(stream);
    if (!open) return;
    this.streams.delete(stream);
    open.resolve(ok ?? (open.status === '200' && open.grpcStatus === '0'));
    this.start();
  }

  /** The connection is gone: every call in flight or waiting failed. */
  private fail(): void {
    this.closed = true;
    for (const open of this.streams.values()) open.resolve(false);
    this.streams.clear();
    for (const call of this.waiting.splice(0)) call.resolve(false);
  }
}
