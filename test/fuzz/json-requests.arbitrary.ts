import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { weightedKinds, type Drawn } from './weighted-kinds.arbitrary.js';
import { applyByteMutations } from './byte-mutation.arbitrary.js';
import { jsonRequest, restBody } from './call-encodings.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { HttpFuzzRequest } from './fuzz-request.js';
import {
  applyHeaderChanges,
  headerChange,
  headerLabel,
  type HeaderChange,
} from './header-changes.arbitrary.js';
import {
  applyJsonMutations,
  applyJsonTextMutation,
  jsonMutation,
  jsonTextMutation,
} from './json-mutation.arbitrary.js';
import { oddHeaderText, sometimes } from './odd-values.arbitrary.js';
import { applyPathMutation, pathMutation, type PathMutation } from './path-mutation.arbitrary.js';
import { applyStringLeafMutation } from './string-leaf-mutation.arbitrary.js';
import * as bends from './shared-bends.arbitrary.js';
import { validCall, type ValidCall } from './valid-calls.arbitrary.js';

/**
 * Requests to the REST paths: a valid call of an operation, then, each with its own chance, its
 * body bent (as a value, as text, as bytes, or replaced by any JSON or by what is not JSON), its
 * headers changed, its Content-Type and Content-Encoding made odd, its path or method changed.
 * About one in seven stays valid, so the stores of accepted calls are exercised too.
 */
const body = weightedKinds({
  valid: [30],
  mutated: [35, { mutations: fc.array(jsonMutation, { minLength: 1, maxLength: 3 }) }],
  strings: [15, bends.strings],
  text: [10, { mutation: jsonTextMutation }],
  bytes: [10, bends.bytes],
  'any-json': [8, { text: fc.json({ maxDepth: 4 }) }],
  'not-json': [
    7,
    {
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc
          .constantFrom('a=1&b=2', '<xml/>', '\ufeff', '', ' ', 'userName=jane')
          .map((text) => Buffer.from(text)),
      ),
    },
  ],
});
type Body = Drawn<typeof body>;

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset="utf-8"',
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json; charset=utf-16le',
  'application/json; charset=bogus',
  'application/json; charset=',
  'application/json; boundary=x',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  '*/*',
  '',
  ';;;',
  'application/json, text/plain',
  'application/grpc',
  'application/grpc-web',
  'application/grpc-web-text',
];

/** The Content-Type (undefined: none) and the charset the body is really written in. */
const contentType = fc.record({
  value: fc.oneof(fc.constant(undefined), fc.constantFrom(...CONTENT_TYPES), oddHeaderText(true)),
  charset: fc.constantFrom('utf8' as const, 'utf16le' as const, 'latin1' as const),
});

/** Content-Encoding (undefined: none) and how the body is really compressed. */
const contentEncoding = fc.record({
  value: fc.constantFrom(
    undefined,
    'gzip',
    'deflate',
    'br',
    'identity',
    'GZIP',
    'x-gzip',
    'compress',
    'gzip, identity',
    'identity, gzip',
    'gzip, gzip',
    'zstd',
    '',
    'gzip;q=1',
  ),
  compression: fc.constantFrom('none', 'gzip', 'deflate', 'br', 'gzip-twice', 'gzip-cut'),
});

function compress(bytes: Uint8Array, compression: string): Uint8Array {
  switch (compression) {
    case 'gzip':
      return gzipSync(bytes);
    case 'deflate':
      return deflateSync(bytes);
    case 'br':
      return brotliCompressSync(bytes);
    case 'gzip-twice':
      return gzipSync(gzipSync(bytes));
    case 'gzip-cut': {
      const zipped = gzipSync(bytes);
      return zipped.subarray(0, Math.ceil(zipped.length / 2));
    }
    default:
      return bytes;
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND'];

export function jsonRequests(fixtures: FuzzFixtures): fc.Arbitrary<HttpFuzzRequest> {
  return fc
    .record({
      call: validCall(fixtures),
      body,
      headers: sometimes(fc.array(headerChange(fixtures, true), { minLength: 1, maxLength: 3 }), 4),
      contentType: sometimes(contentType, 10),
      contentEncoding: sometimes(contentEncoding, 12),
      path: sometimes(pathMutation, 8),
      method: sometimes(fc.constantFrom(...METHODS), 25),
    })
    .map((draw) => {
      const valid = jsonRequest(draw.call);
      const text = bodyText(draw.call, draw.body);
      let bytes: Uint8Array =
        typeof text === 'string' ? Buffer.from(text, draw.contentType?.charset ?? 'utf8') : text;
      let headers: Record<string, string> = valid.headers;
      if (draw.body.kind !== 'valid' || bytes.length > 0)
        headers = { 'content-type': 'application/json', ...headers };
      if (draw.contentType)
        headers = applyHeaderChanges(headers, [
          { name: 'content-type', value: draw.contentType.value, add: false },
        ]);
      if (draw.contentEncoding) {
        bytes = compress(bytes, draw.contentEncoding.compression);
        headers = applyHeaderChanges(headers, [
          { name: 'content-encoding', value: draw.contentEncoding.value, add: false },
        ]);
      }
      if (draw.headers) headers = applyHeaderChanges(headers, draw.headers);
      return {
        ...valid,
        kind: label(draw),
        method: draw.method ?? valid.method,
        path: draw.path ? applyPathMutation(valid.path, draw.path) : valid.path,
        headers,
        body: bytes,
      };
    });
}

/** The body as text (to be written in the drawn charset), or as bytes when it is not text. */
function bodyText(call: ValidCall, body: Body): string | Uint8Array {
  const message = restBody(call);
  const json = message === undefined ? '' : JSON.stringify(message);
  switch (body.kind) {
    case 'valid':
      return json;
    case 'mutated':
      return JSON.stringify(applyJsonMutations(message ?? {}, body.mutations)) ?? '';
    case 'strings':
      return JSON.stringify(
        restBody({ ...call, message: applyStringLeafMutation(call, body.mutation) }) ?? {},
      );
    case 'text':
      return applyJsonTextMutation(json || '{}', body.mutation);
    case 'bytes':
      return applyByteMutations(Buffer.from(json || '{}'), body.mutations);
    case 'any-json':
      return body.text;
    case 'not-json':
      return body.bytes;
  }
}

function label(draw: {
  call: ValidCall;
  body: Body;
  headers?: HeaderChange[];
  contentType?: unknown;
  contentEncoding?: unknown;
  path?: PathMutation;
  method?: string;
}): string {
  return [
    draw.call.operation.grpc.method,
    draw.body.kind === 'valid' ? '' : `body:${draw.body.kind}`,
    draw.headers ? `headers:${headerLabel(draw.headers)}` : '',
    draw.contentType ? 'content-type' : '',
    draw.contentEncoding ? 'content-encoding' : '',
    draw.path ? `path:${draw.path.op}` : '',
    draw.method ? `method:${draw.method}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
