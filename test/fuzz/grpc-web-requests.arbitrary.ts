import fc from 'fast-check';
import { dataFrame } from '../../services/api/transports/grpc-web/grpc-web-framing.js';
import { grpcWebRequest } from './call-encodings.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { HttpFuzzRequest } from './fuzz-request.js';
import { applyHeaderChanges, headerChange } from './header-changes.arbitrary.js';
import { label, messageBytes, messageVariant, oddGrpcPath } from './grpc-requests.arbitrary.js';
import { oddHeaderText, sometimes } from './odd-values.arbitrary.js';
import { applyPathMutation, pathMutation } from './path-mutation.arbitrary.js';
import { validCall } from './valid-calls.arbitrary.js';
import { weightedKinds, type Drawn } from './weighted-kinds.arbitrary.js';

/**
 * gRPC-web on the HTTP port: the message variants of gRPC inside arbitrary framing (flags,
 * lengths that lie, two frames, bytes after the frame, no frame), in binary or in base64 text
 * (with whitespace, invalid characters, per-frame padding), under odd content types, headers,
 * paths and methods.
 */
const framing = weightedKinds({
  'one-frame': [12],
  flag: [1, { flag: fc.constantFrom(0x01, 0x02, 0x7f, 0x80, 0x81, 0xff) }],
  length: [1, { by: fc.constantFrom(-5, -1, 1, 1000, 2 ** 31, 2 ** 32 - 1) }],
  'two-frames': [1],
  trailing: [1, { bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }],
  'no-frame': [1],
});
type Framing = Drawn<typeof framing>;

function framed(message: Uint8Array, how: Framing): Buffer {
  const frame = dataFrame(message);
  switch (how.kind) {
    case 'one-frame':
      return frame;
    case 'flag':
      frame[0] = how.flag;
      return frame;
    case 'length':
      frame.writeUInt32BE(Math.max(0, Math.min(2 ** 32 - 1, message.length + how.by)), 1);
      return frame;
    case 'two-frames':
      return Buffer.concat([frame, frame]);
    case 'trailing':
      return Buffer.concat([frame, how.bytes]);
    case 'no-frame':
      return Buffer.from(message);
  }
}

/** How the text variant writes the bytes. */
type Text = 'base64' | 'base64-lines' | 'base64url' | 'unpadded' | 'padded-twice' | 'invalid';

function asText(bytes: Buffer, how: Text): Buffer {
  const base64 = bytes.toString('base64');
  switch (how) {
    case 'base64':
      return Buffer.from(base64);
    case 'base64-lines':
      return Buffer.from(base64.replace(/(.{8})/g, '$1\r\n'));
    case 'base64url':
      return Buffer.from(bytes.toString('base64url'));
    case 'unpadded':
      return Buffer.from(base64.replace(/=+$/, ''));
    case 'padded-twice':
      // Each half encoded on its own, as a client writing frame by frame may do.
      return Buffer.from(
        bytes.subarray(0, 1).toString('base64') + bytes.subarray(1).toString('base64'),
      );
    case 'invalid':
      return Buffer.from(`${base64.slice(0, 4)}!*~${base64.slice(4)}`);
  }
}

const CONTENT_TYPES = [
  'application/grpc-web',
  'application/grpc-web+proto',
  'application/grpc-web-text',
  'application/grpc-web-text+proto',
  'application/grpc-web; charset=utf-8',
  'APPLICATION/GRPC-WEB',
  'application/grpc-web+json',
  'application/grpc-web+thrift',
  'application/grpc-web-text; x',
  'application/grpc',
];

const isText = (type: string | undefined) => /^application\/grpc-web-text/i.test(type ?? '');

export function grpcWebRequests(fixtures: FuzzFixtures): fc.Arbitrary<HttpFuzzRequest> {
  return fc
    .record({
      call: validCall(fixtures),
      message: messageVariant,
      framing,
      contentType: fc.oneof(
        { withCrossShrink: true },
        { weight: 6, arbitrary: fc.constantFrom(...CONTENT_TYPES.slice(0, 4)) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      text: fc.oneof(
        { withCrossShrink: true },
        { weight: 6, arbitrary: fc.constant('base64' as const) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Text>(
            'base64-lines',
            'base64url',
            'unpadded',
            'padded-twice',
            'invalid',
          ),
        },
      ),
      headers: sometimes(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: headerChange(fixtures, true) },
            fc.record({
              name: fc.constant('grpc-timeout'),
              value: oddHeaderText(true),
              add: fc.constant(false),
            }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        4,
      ),
      path: sometimes(
        fc.oneof(
          oddGrpcPath.map((path) => ({ path })),
          pathMutation.map((mutation) => ({ mutation })),
        ),
        10,
      ),
      method: sometimes(fc.constantFrom('GET', 'PUT', 'OPTIONS', 'HEAD'), 40),
    })
    .map((draw) => {
      const valid = grpcWebRequest(draw.call);
      const binary = framed(Buffer.from(messageBytes(draw.call, draw.message)), draw.framing);
      let path = valid.path;
      if (draw.path)
        path =
          'path' in draw.path ? draw.path.path : applyPathMutation(valid.path, draw.path.mutation);
      const headers = applyHeaderChanges(
        { ...valid.headers, 'content-type': draw.contentType },
        draw.headers ?? [],
      );
      return {
        ...valid,
        kind: [
          label(draw.call, draw.message, draw.headers, draw.path ? 'path' : undefined),
          draw.framing.kind === 'one-frame' ? '' : `framing:${draw.framing.kind}`,
          isText(draw.contentType) ? `text:${draw.text}` : '',
          draw.method ? `method:${draw.method}` : '',
        ]
          .filter(Boolean)
          .join(' '),
        method: draw.method ?? 'POST',
        path,
        headers,
        body: isText(draw.contentType) ? asText(binary, draw.text) : binary,
      };
    });
}
