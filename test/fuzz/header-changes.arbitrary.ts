import fc from 'fast-check';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { oddHeaderText } from './odd-values.arbitrary.js';

/**
 * Odd values of the headers (HTTP) and metadata (gRPC) the service reads: `authorization`,
 * `x-service-orgid`, `x-request-id`, and others it should ignore. A change sets, adds (gRPC keeps
 * both values) or removes one header. HTTP values may hold latin1, gRPC text values printable
 * ASCII only (grpc-js refuses the rest), `-bin` metadata any bytes.
 */
export interface HeaderChange {
  name: string;
  /** Undefined removes the header. */
  value: string | Uint8Array | undefined;
  /** Add beside what is there (gRPC metadata may repeat a name) instead of replacing it. */
  add: boolean;
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** The token's claims re-signed with nothing: `alg: none`. */
function unsignedToken(token: string): string {
  const [, payload] = token.split('.');
  return `${base64url('{"alg":"none","typ":"JWT"}')}.${payload}.`;
}

/** The token with one character changed, or cut short, at a drawn position. */
function damagedToken(token: string, at: number, character: string, cut: boolean): string {
  const index = at % token.length;
  return cut ? token.slice(0, index) : token.slice(0, index) + character + token.slice(index + 1);
}

function authorizationValue(
  fixtures: FuzzFixtures,
  latin1: boolean,
): fc.Arbitrary<string | undefined> {
  const token = fc.constantFrom(fixtures.owner.token, fixtures.member.token);
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...fixtures.refusedTokens).map((refused) => `Bearer ${refused}`),
    fc
      .tuple(
        fc.constantFrom(
          'bearer ',
          'BEARER ',
          'Bearer  ',
          ' Bearer ',
          'Bearer\t',
          'Bearer',
          'Token ',
          'Basic ',
          'Bearer Bearer ',
          '',
        ),
        token,
        fc.constantFrom('', ' ', ',', '.', '=', ', Bearer x'),
      )
      .map(([scheme, value, suffix]) => `${scheme}${value}${suffix}`),
    fc
      .tuple(token, fc.nat(), fc.constantFrom('A', '_', '-', '.', '=', '+', '/'), fc.boolean())
      .map(([value, at, character, cut]) => `Bearer ${damagedToken(value, at, character, cut)}`),
    token.map((value) => `Bearer ${unsignedToken(value)}`),
    fc.constantFrom(
      'Basic dXNlcjpwYXNz',
      'Bearer ..',
      'Bearer a.b.c',
      'Bearer e30.e30.',
      'Negotiate x',
    ),
    oddHeaderText(latin1).map((text) => `Bearer ${text}`),
    oddHeaderText(latin1),
  );
}

function orgIdValue(fixtures: FuzzFixtures, latin1: boolean): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      fixtures.orgId,
      fixtures.otherOrgId,
      fixtures.orgId.toUpperCase(),
      ` ${fixtures.orgId}`,
      `${fixtures.orgId} `,
      `${fixtures.orgId},${fixtures.otherOrgId}`,
      fixtures.orgId.replaceAll('-', ''),
      '',
      'null',
      '00000000-0000-0000-0000-000000000000',
    ),
    fc.noBias(fc.uuid()),
    oddHeaderText(latin1),
  );
}

const requestIdValue = (latin1: boolean): fc.Arbitrary<string | undefined> =>
  fc.oneof(fc.constant(undefined), fc.noBias(fc.uuid()), oddHeaderText(latin1));

/**
 * Names the service should not care about, some of which mean something to HTTP, gRPC or a
 * proxy. Left out: what the clients manage themselves (host, content-length, connection) and
 * `grpc-timeout`, whose malformed values grpc-js answers with INTERNAL by design (accepted).
 */
const OTHER_NAMES = [
  'x-forwarded-for',
  'x-http-method-override',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'cookie',
  'user-agent',
  'x-user-agent',
  'grpc-accept-encoding',
  'grpc-message',
  'grpc-status',
  'x-custom',
  'a',
];

const MANAGED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'grpc-timeout',
]);

export function headerChange(fixtures: FuzzFixtures, latin1: boolean): fc.Arbitrary<HeaderChange> {
  // grpc-js sends printable ASCII only, and refuses a second authorization value itself
  // (a client-side INTERNAL), so over gRPC those are not requests at all.
  const sendable = (value: string | Uint8Array | undefined) =>
    latin1 || typeof value !== 'string' ? value : value.replace(/[^ -~]/g, ' ');
  const change = (name: string, value: fc.Arbitrary<string | Uint8Array | undefined>) =>
    fc.record({
      name: fc.constant(name),
      value: value.map(sendable),
      add: latin1 || name !== 'authorization' ? fc.boolean() : fc.constant(false),
    });
  return fc.oneof(
    { weight: 4, arbitrary: change('authorization', authorizationValue(fixtures, latin1)) },
    { weight: 3, arbitrary: change('x-service-orgid', orgIdValue(fixtures, latin1)) },
    { weight: 2, arbitrary: change('x-request-id', requestIdValue(latin1)) },
    {
      weight: 2,
      arbitrary: fc.record({
        name: fc.oneof(
          fc.constantFrom(...OTHER_NAMES),
          fc.stringMatching(/^[a-z][a-z0-9_.-]{0,15}$/).filter((name) => !MANAGED.has(name)),
        ),
        value: oddHeaderText(latin1),
        add: fc.constant(false),
      }),
    },
  );
}

/** gRPC only: binary metadata, under our own names and others. */
export const binaryMetadataChange: fc.Arbitrary<HeaderChange> = fc.record({
  name: fc.constantFrom(
    'authorization-bin',
    'x-service-orgid-bin',
    'x-request-id-bin',
    'x-custom-bin',
  ),
  value: fc.uint8Array({ maxLength: 64 }),
  add: fc.boolean(),
});

/** The changes in a request's kind: our three headers by name, any other as `other`. */
export function headerLabel(changes: readonly HeaderChange[]): string {
  const ours = ['authorization', 'x-service-orgid', 'x-request-id', 'grpc-timeout'];
  const names = changes.map(({ name }) =>
    ours.includes(name.replace(/-bin$/, '')) ? name : 'other',
  );
  return [...new Set(names)].sort().join(',');
}

/** HTTP headers with the changes applied; adding to an HTTP header joins the values with `, `. */
export function applyHeaderChanges(
  headers: Record<string, string>,
  changes: readonly HeaderChange[],
): Record<string, string> {
  const out = { ...headers };
  for (const { name, value, add } of changes) {
    if (value === undefined) delete out[name];
    else {
      const text = typeof value === 'string' ? value : Buffer.from(value).toString('latin1');
      out[name] = add && out[name] !== undefined ? `${out[name]}, ${text}` : text;
    }
  }
  return out;
}

/** gRPC metadata with the changes applied. */
export function applyMetadataChanges(
  metadata: readonly [string, string | Uint8Array][],
  changes: readonly HeaderChange[],
): [string, string | Uint8Array][] {
  let out = [...metadata];
  for (const { name, value, add } of changes) {
    if (!add || value === undefined) out = out.filter(([existing]) => existing !== name);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}
