import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  requestTooLarge,
  ServiceError,
  StatusCode,
} from '../../../../shared/errors/service-error.js';
import { errorBody, httpStatusOf } from './json-errors.js';

/**
 * Node answers a request its parser refused (headers over its limit, bytes that are not
 * HTTP/1.1, headers or body not received in time) with a bare status line. This answers in our
 * error shape instead, then closes the connection as Node does: whatever follows on it can no
 * longer be framed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
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
      () => socket.destroy(),
    );
  });
}

function clientFailure(code: string | undefined): ServiceError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError(
        StatusCode.RESOURCE_EXHAUSTED,
        'HEADERS-TOO-LARGE',
        'the request headers are larger than the limit',
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return requestTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError(
        StatusCode.DEADLINE_EXCEEDED,
        'REQUEST-TIMEOUT',
        'the request was not received in time',
      );
    default:
      return new ServiceError(
        StatusCode.INVALID_ARGUMENT,
        'REQUEST-MALFORMED',
        'the request is not valid HTTP/1.1',
      );
  }
}

/**
 * Whether the refused request was a HEAD, as far as can be told: Node hands the bytes it was
 * parsing with the error, which begin with the request line when it came in one piece.
 */
function headRequest(error: Error & { rawPacket?: unknown }): boolean {
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString() === 'HEAD ';
}
