/**
 * What the fuzzer sends, exactly as it goes on the wire, and how a report shows it. A request is
 * plain data (strings and bytes) so that fast-check can generate, shrink and print it, and a seed
 * with an index reproduces it.
 */
export type Transport = 'json' | 'grpc' | 'grpc-web';
export const TRANSPORTS: readonly Transport[] = ['json', 'grpc', 'grpc-web'];

/** JSON or gRPC-web: one HTTP/1.1 request. */
export interface HttpFuzzRequest {
  transport: 'json' | 'grpc-web';
  /** The generators that made it, such as `ImportHumanUser+mutated-body`: groups failures. */
  kind: string;
  method: string;
  /** The request target as sent: path and query, possibly odd. */
  path: string;
  /** Names in lower case; values as node:http may send them (latin1, no CR or LF). */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** gRPC: one unary call on HTTP/2, the message as raw bytes. */
export interface GrpcFuzzRequest {
  transport: 'grpc';
  kind: string;
  /** `/<package>.<Service>/<Method>` */
  path: string;
  /** Names in lower case; `-bin` names carry bytes, the others printable ASCII. */
  metadata: [string, string | Uint8Array][];
  message: Uint8Array;
}

export type FuzzRequest = HttpFuzzRequest | GrpcFuzzRequest;

/** How long a request may take before it counts as a hang. */
export const ANSWER_WITHIN_MS = 5000;

const SHOWN = 300;

/** Bytes as a report shows them: text when they are UTF-8, base64 otherwise; long ones cut. */
function showBytes(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const text = buffer.toString('utf8');
  const shown = Buffer.from(text, 'utf8').equals(buffer)
    ? JSON.stringify(text)
    : `base64:${buffer.toString('base64')}`;
  return buffer.length > SHOWN ? `${shown.slice(0, SHOWN)}… (${buffer.length} bytes)` : shown;
}

function showText(text: string): string {
  const shown = JSON.stringify(text);
  return text.length > SHOWN ? `${shown.slice(0, SHOWN)}… (${text.length} chars)` : shown;
}

/** One line a person can read and replay by hand: method, target, headers, body. */
export function showRequest(request: FuzzRequest): string {
  if (request.transport === 'grpc') {
    const metadata = request.metadata.map(
      ([name, value]) =>
        `${name}: ${typeof value === 'string' ? showText(value) : showBytes(value)}`,
    );
    return `gRPC ${request.path} metadata {${metadata.join(', ')}} message ${showBytes(request.message)}`;
  }
  const headers = Object.entries(request.headers).map(
    ([name, value]) => `${name}: ${showText(value)}`,
  );
  return `${request.transport === 'json' ? 'HTTP' : 'gRPC-web'} ${request.method} ${showText(request.path)} headers {${headers.join(', ')}} body ${showBytes(request.body)}`;
}

/** The size a report compares to keep the smallest reproduction of each failure. */
export function requestSize(request: FuzzRequest): number {
  if (request.transport === 'grpc') {
    return (
      request.path.length +
      request.message.length +
      request.metadata.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
    );
  }
  return (
    request.path.length +
    request.body.length +
    Object.entries(request.headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length,
      0,
    )
  );
}
