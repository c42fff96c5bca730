import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PasswordPolicy } from '../../../shared/config/config.js';
import { decodeOtpSecret } from '../credentials/otp-secret.js';
import { isSupportedPasswordHash } from '../credentials/password-hash.js';
import { describePasswordPolicy, meetsPasswordPolicy } from '../credentials/password-policy.js';

export interface Format {
  validate: (value: string) => boolean;
  /** The field violation's description. It never repeats the value, which may be a secret. */
  description: string;
}

/** A BCP 47 tag as `Intl` reads it; empty means "not set", as in proto3. */
export function canonicalLanguageTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * A number in the global form of RFC 3966 (`+`, country code, digits and visual separators,
 * optionally as a `tel:` URI), as E.164; undefined when it is not a valid global number.
 */
export function e164PhoneNumber(value: string): string | undefined {
  const number = value.startsWith('tel:') ? value.slice(4) : value;
  if (!number.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(number);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The first and the last instant a DATETIME column holds: the times a request may name. */
const EARLIEST_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/u;

/**
 * The instant an RFC 3339 date-time names (as the proto3 JSON mapping writes a Timestamp: any
 * offset, up to nanoseconds, kept to the millisecond); undefined for anything else, for a day
 * that does not exist (Date.parse would roll February 30 over to March 2), a leap second, and a
 * time outside the years 1 to 9999 in UTC.
 */
export function rfc3339Time(value: string): Date | undefined {
  const fields = RFC_3339.exec(value);
  if (!fields) return undefined;
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = fields
    .slice(1)
    .map((field) => Number(field ?? 0));
  // Leap years repeat every 400 years, so a year of 2000 to 2399 has the same February.
  const daysInMonth = new Date(Date.UTC(2000 + (year! % 400), month!, 0)).getUTCDate();
  const valid =
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHour <= 23 &&
    offsetMinute <= 59;
  const time = Date.parse(value.toUpperCase());
  return valid && time >= EARLIEST_TIME && time <= LATEST_TIME ? new Date(time) : undefined;
}

/** The formats our request schemas use beyond ajv-formats' `email`. */
export function domainFormats(policy: PasswordPolicy): Record<string, Format> {
  return {
    'redirect-uri': {
      validate: isRedirectUri,
      description:
        'must be an http or https URL without a fragment, such as "https://app.example/callback"',
    },
    'issuer-url': {
      validate: (value) => isProviderUrl(value, { query: false }),
      description:
        'must be an https URL without credentials, query or fragment, such as "https://accounts.example" (http only for localhost)',
    },
    'endpoint-url': {
      validate: (value) => isProviderUrl(value, { query: true }),
      description:
        'must be an https URL without credentials or fragment, such as "https://provider.example/oauth/token" (http only for localhost)',
    },
    // RFC 6749 3.3: printable ASCII but space, `"` and `\`.
    'scope-token': {
      validate: (value) => /^[\x21\x23-\x5b\x5d-\x7e]+$/u.test(value),
      description: 'must be a scope token: printable ASCII without spaces, quotes or backslashes',
    },
    'date-time': {
      validate: (value) => rfc3339Time(value) !== undefined,
      description:
        'must be an RFC 3339 time of the years 1 to 9999, such as "2030-01-01T00:00:00Z"',
    },
    'role-key': {
      validate: (value) => /^\S+$/u.test(value),
      description: 'must be a role key without white space',
    },
    'hex-color': {
      validate: (value) => /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/u.test(value),
      description: 'must be a colour as #rgb or #rrggbb',
    },
    // Standard or URL-safe (RFC 4648 4 and 5), as proto3 JSON takes bytes; the length of whole
    // characters is never one more than a multiple of four.
    base64: {
      validate: (value) =>
        /^[A-Za-z0-9+/_-]*={0,2}$/u.test(value) && value.replace(/=+$/u, '').length % 4 !== 1,
      description: 'must be base64',
    },
    bcp47: {
      validate: (value) => value === '' || canonicalLanguageTag(value) !== undefined,
      description: 'must be a well-formed BCP 47 language tag such as "de-CH"',
    },
    'global-phone': {
      validate: (value) => e164PhoneNumber(value) !== undefined,
      description: 'must be a valid phone number in global form, such as "+41791234567"',
    },
    'base32-secret': {
      validate: (value) => decodeOtpSecret(value) !== undefined,
      description: 'must be a TOTP secret of at least 16 characters in RFC 4648 base32',
    },
    'password-hash': {
      validate: isSupportedPasswordHash,
      description:
        'must be a supported password hash: bcrypt, argon2i, argon2id, scrypt, PBKDF2, SHA-256-crypt, SHA-512-crypt, MD5-crypt, Firebase scrypt ($firescrypt$), LDAP {SSHA}, {SSHA256}, {SSHA512} or phpass ($P$, $H$)',
    },
    'password-policy': {
      validate: (value) => meetsPasswordPolicy(policy, value),
      description: describePasswordPolicy(policy),
    },
  };
}

/**
 * Where the provider may send a person back to a web application (RFC 6749 3.1.2): an http or
 * https URL, no fragment, no white space (what oidc-provider takes for a web client).
 */
function isRedirectUri(value: string): boolean {
  if (/\s|#/u.test(value)) return false;
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Where this service talks to an identity provider (its issuer, its endpoints): https, so that
 * the client secret and the codes never travel in clear; http only to the machine itself (a
 * provider run beside the service, as in development and the tests). No user name or password in
 * it (they would be shown in reads and events), no fragment, and, for an issuer, no query (OpenID
 * Connect Discovery 1.0, 4).
 */
function isProviderUrl(value: string, { query }: { query: boolean }): boolean {
  if (/\s|#/u.test(value)) return false;
  try {
    const url = new URL(value);
    const loopback =
      url.hostname === 'localhost' ||
      url.hostname === '[::1]' ||
      /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(url.hostname);
    return (
      (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      (query || !value.includes('?'))
    );
  } catch {
    return false;
  }
}
