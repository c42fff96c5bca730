/**
 * The framing of gRPC-web (github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md): each message
 * is a flag byte (0 for data, 0x80 for trailers), a 4-byte big-endian length and the bytes. The
 * text variant is the same bytes in base64.
 */
const DATA = 0x00;
const TRAILERS = 0x80;
const HEADER_BYTES = 5;

/** The one message of a unary request, or undefined when the body is not exactly one data frame. */
export function readUnaryMessage(body: Buffer): Buffer | undefined {
  if (body.length < HEADER_BYTES || body[0] !== DATA) return undefined;
  const length = body.readUInt32BE(1);
  if (body.length !== HEADER_BYTES + length) return undefined;
  return body.subarray(HEADER_BYTES);
}

export function dataFrame(message: Uint8Array): Buffer {
  return frame(DATA, message);
}

/** Trailers as the protocol writes them: HTTP/1 header lines with lower-case names. */
export function trailersFrame(trailers: Record<string, string>): Buffer {
  const lines = Object.entries(trailers).map(([name, value]) => `${name}:${value}\r\n`);
  return frame(TRAILERS, Buffer.from(lines.join(''), 'latin1'));
}

function frame(flag: number, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header[0] = flag;
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}
