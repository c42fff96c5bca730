import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import {
  ANSWER_WITHIN_MS,
  type FuzzRequest,
  type GrpcFuzzRequest,
  type HttpFuzzRequest,
} from './fuzz-request.js';

/** What came back for one request, before judging it. */
export type Answer = { ms: number } & (
  | { kind: 'http'; status: number; headers: http.IncomingHttpHeaders; body: Buffer }
  | { kind: 'grpc'; code: number; message: string; statusDetails?: Buffer; response?: Buffer }
  /** Nothing within ANSWER_WITHIN_MS. */
  | { kind: 'hang' }
  /** The connection failed or closed without an answer. */
  | { kind: 'dropped'; error: string }
  /** The client refused to send it: a fault of the generator, not of the service. */
  | { kind: 'unsendable'; error: string }
);

/**
 * Sends fuzz requests exactly as they are: node:http for JSON and gRPC-web (no client-side
 * validation beyond what HTTP/1.1 needs), and a grpc-js channel with identity serializers for
 * gRPC, so any bytes go out as the message. Each request gets ANSWER_WITHIN_MS. The channel
 * never compresses: grpc-js answers a corrupt compressed frame with INTERNAL by design, an
 * answer the service leaves to grpc-js, so no such frame is sent (nor a malformed grpc-timeout,
 * see MANAGED).
 */
export class FuzzClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 2000 });
  private readonly grpcClient: grpc.Client;

  private readonly http: URL;

  constructor(httpUrl: string, grpcAddress: string) {
    this.http = new URL(httpUrl);
    this.grpcClient = new grpc.Client(grpcAddress, grpc.credentials.createInsecure(), {
      'grpc.max_receive_message_length': -1,
    });
  }

  send(request: FuzzRequest): Promise<Answer> {
    return request.transport === 'grpc' ? this.sendGrpc(request) : this.sendHttp(request);
  }

  close(): void {
    this.agent.destroy();
    this.grpcClient.close();
  }

  private sendHttp(request: HttpFuzzRequest): Promise<Answer> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let outgoing: http.ClientRequest;
      try {
        // The target as it is: a URL would normalize dot segments and percent-encoding away.
        outgoing = http.request({
          hostname: this.http.hostname,
          port: this.http.port,
          path: request.path,
          method: request.method,
          headers: { ...request.headers, 'content-length': String(request.body.length) },
          agent: this.agent,
          signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        });
      } catch (error) {
        return resolve({ kind: 'unsendable', error: String(error), ms: ms() });
      }
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            kind: 'http',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ms: ms(),
          }),
        );
        response.on('error', (error) => resolve(failure(error, ms())));
      });
      outgoing.on('error', (error) => resolve(failure(error, ms())));
      outgoing.end(request.body);
    });
  }

  private sendGrpc(request: GrpcFuzzRequest): Promise<Answer> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      const metadata = new grpc.Metadata();
      try {
        for (const [name, value] of request.metadata) {
          metadata.add(name, typeof value === 'string' ? value : Buffer.from(value));
        }
      } catch (error) {
        return resolve({ kind: 'unsendable', error: String(error), ms: ms() });
      }
      this.grpcClient.makeUnaryRequest(
        request.path,
        (message: Uint8Array) => Buffer.from(message),
        (bytes: Buffer) => bytes,
        request.message,
        metadata,
        { deadline: Date.now() + ANSWER_WITHIN_MS },
        (error, response) => {
          if (!error) return resolve({ kind: 'grpc', code: 0, message: '', response, ms: ms() });
          const statusDetails = error.metadata?.get('grpc-status-details-bin')[0] as
            Buffer | undefined;
          if (error.code === grpc.status.DEADLINE_EXCEEDED && !statusDetails) {
            return resolve({ kind: 'hang', ms: ms() });
          }
          // grpc-js's own UNAVAILABLE: no connection (the service's carries details).
          if (error.code === grpc.status.UNAVAILABLE && !statusDetails) {
            return resolve({ kind: 'dropped', error: error.details, ms: ms() });
          }
          resolve({
            kind: 'grpc',
            code: error.code,
            message: error.details,
            statusDetails,
            ms: ms(),
          });
        },
      );
    });
  }
}

function failure(error: Error & { code?: string }, ms: number): Answer {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return { kind: 'hang', ms };
  return { kind: 'dropped', error: error.code ?? error.message, ms };
}
