import fc from 'fast-check';
import * as bends from './shared-bends.arbitrary.js';
import { applyByteMutations } from './byte-mutation.arbitrary.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { HttpFuzzRequest } from './fuzz-request.js';
import { oddString, sometimes } from './odd-values.arbitrary.js';

/**
 * The sign-in surface's forms and link pages, each with the fields it reads: the "Forgot
 * password?" form and the password reset link's page (alone, and within a sign-in, under an
 * interaction's path), and the activation link's. `<uid>` stands for an interaction's id.
 */
const FORMS = {
  'forgot-password': {
    method: 'POST',
    path: '/ui/login/password/forgot',
    fields: ['login', 'interaction'],
  },
  'forgot-password-page': { method: 'GET', path: '/ui/login/password/forgot', fields: [] },
  'forgot-password-in-sign-in': {
    method: 'GET',
    path: '/ui/login/<uid>/password/forgot',
    fields: [],
  },
  'password-reset-link': {
    method: 'GET',
    path: '/ui/login/password/reset',
    fields: ['userID', 'code', 'interaction'],
  },
  'password-reset': {
    method: 'POST',
    path: '/ui/login/password/reset',
    fields: ['userID', 'code', 'password', 'confirmation'],
  },
  'password-reset-in-sign-in': {
    method: 'POST',
    path: '/ui/login/<uid>/password/reset',
    fields: ['userID', 'code', 'password', 'confirmation'],
  },
  activation: {
    method: 'POST',
    path: '/ui/login/init',
    fields: ['userID', 'code', 'password', 'confirmation'],
  },
  'activation-resend': { method: 'POST', path: '/ui/login/init/resend', fields: ['login'] },
} as const;

/** A field's value: plausible, odd, or repeated (a list where the page reads one). */
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: oddString.map((value) => [value]) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', 'x', 'Secret-pass-1!', '0'.repeat(36)).map((value) => [value]),
  },
  { weight: 1, arbitrary: fc.array(oddString, { minLength: 2, maxLength: 3 }) },
);

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/x-www-form-urlencoded; charset=bogus',
  'application/json',
  'multipart/form-data; boundary=----x',
  'text/plain',
];

/**
 * Requests to the sign-in surface's pages: a form's fields drawn odd (missing, repeated, huge,
 * of any character), posted with the browser's CSRF cookie and token most of the time (so the
 * form's own checks are reached), sometimes a forged or no token, a bracketed name, bytes bent,
 * another Content-Type, or an interaction's id drawn odd too. Pages answer in HTML, never a 5xx.
 */
export function signInFormRequests(fixtures: FuzzFixtures): fc.Arbitrary<HttpFuzzRequest> {
  return fc
    .record({
      form: fc.constantFrom(...(Object.keys(FORMS) as (keyof typeof FORMS)[])),
      values: fc.array(fieldValue, { minLength: 5, maxLength: 5 }),
      absent: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      uid: fc.oneof(fc.constantFrom('kV9cV2Xb5mQf3nR8tY1zA', 'x'), oddString),
      csrf: fc.constantFrom('valid', 'valid', 'valid', 'forged', 'none'),
      bracketed: sometimes(fc.constant(true), 8),
      contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 6),
      bytes: sometimes(fc.record(bends.bytes), 8),
    })
    .map((draw) => {
      const form = FORMS[draw.form];
      const query = new URLSearchParams();
      form.fields.forEach((name, i) => {
        if (draw.absent[i]) return;
        for (const value of draw.values[i]!)
          query.append(draw.bracketed ? `${name}[]` : name, value);
      });
      if (form.method === 'POST' && draw.csrf !== 'none')
        query.append('_csrf', draw.csrf === 'valid' ? fixtures.signInForms.csrf : 'forged');
      const path = form.path.replace('<uid>', percentEncoded(draw.uid));
      const headers: Record<string, string> = {
        cookie: `sign_in_csrf=${fixtures.signInForms.cookie}`,
      };
      let body: Uint8Array = new Uint8Array();
      if (form.method === 'POST') {
        body = Buffer.from(query.toString());
        if (draw.bytes) body = applyByteMutations(body, draw.bytes.mutations);
        headers['content-type'] = draw.contentType ?? 'application/x-www-form-urlencoded';
      }
      const target = form.method === 'GET' && query.size > 0 ? `${path}?${query}` : path;
      const bent = [
        draw.csrf !== 'valid' ? `csrf:${draw.csrf}` : '',
        draw.bracketed ? 'bracketed' : '',
        draw.contentType ? 'content-type' : '',
        draw.bytes ? 'bytes' : '',
      ].filter(Boolean);
      return {
        transport: 'json' as const,
        kind: [`sign-in-form:${draw.form}`, ...bent].join('+'),
        method: form.method,
        path: target,
        headers,
        body,
      };
    });
}

/** Every byte of the text's UTF-8 percent-encoded but the unreserved ones (lone surrogates too). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}
