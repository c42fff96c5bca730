import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { requestTooLarge, ServiceError } from '../../../../shared/errors/service-error.js';
import { errorBody, httpStatusOf } from './json-errors.js';

/**
 * Node answers a request its parser refused (headers over its limit, bytes that are not
 * HTTP/1.1, headers or body not received in time) with a bare status line. This answers in our
 * error shape instead, then closes the connection as Node does: whatever follows on it can no
 * longer be framed.
 */
export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The rest of a request already answered, which Node's parser refuses again: dropped.
    if (answered.has(socket)) return;
    // A response already under way on this connection cannot be followed by another.
    const inFlight = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const failure = clientFailure(error.code);
    const status = httpStatusOf(failure);
    const body = JSON.stringify(errorBody(failure));
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        // The answer to a HEAD has no body: a client reading one would take it for garbage.
        headRequest(error) ? '' : body,
      ].join('\r\n'),
    );
    lingerAndClose(socket);
    answered.add(socket);
  });
}

/** How long what a client still sends after our answer is read and dropped. */
const LINGER_MS = 2000;

/**
 * A lingering close, as web servers do it: a client still sending the body of a request we have
 * already answered would, if we closed at once, get a reset that can discard our answer before it
 * reads it. So what it sends is read and dropped until it closes, for LINGER_MS at most.
 */
function lingerAndClose(socket: Duplex): void {
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
}

function clientFailure(code: string | undefined): ServiceError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('HEADERS-TOO-LARGE');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return requestTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError('REQUEST-TIMEOUT');
    default:
      return new ServiceError('REQUEST-MALFORMED');
  }
}

/**
 * Whether the refused request was a HEAD, as far as can be told: Node hands the bytes it was
 * parsing with the error, which begin with the request line when it came in one piece.
 */
function headRequest(error: Error & { rawPacket?: unknown }): boolean {
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString() === 'HEAD ';
}
