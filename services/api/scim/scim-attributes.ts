import { METADATA_VALUE_LIMIT } from '../operations/user-metadata.js';
import { ScimError } from './scim-errors.js';
import { isUserPhone, userPhoneOf } from './scim-phones.js';
import { lowerKeys } from './scim-values.js';

/** The enterprise User extension's URN (RFC 7643 §4.3). */
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/**
 * What SCIM keeps of a User as the user's metadata: the attributes that have no column of their
 * own, one metadata key each under `scim.`, its value the attribute's JSON (UTF-8). The metadata
 * is written by BulkSetUserMetadata and BulkRemoveUserMetadata and read by ListUserMetadata, the
 * operations' own.
 */
export const METADATA_PREFIX = 'scim.';

/** A metadata entry as the operations take and answer it: its value in base64. */
export interface MetadataEntry {
  key: string;
  value: string;
}

/** The core User's attributes kept as metadata: single-valued strings, and multi-valued lists. */
const CORE_TEXTS = ['title', 'userType', 'profileUrl', 'timezone', 'locale'] as const;
const CORE_LISTS = ['emails', 'phoneNumbers', 'addresses'] as const;
/** The name's parts beside givenName and familyName (which are the profile's). */
const NAME_PARTS = ['formatted', 'middleName', 'honorificPrefix', 'honorificSuffix'] as const;
/** The enterprise extension's attributes; `manager` is complex, the others strings. */
const ENTERPRISE_TEXTS = [
  'employeeNumber',
  'costCenter',
  'organization',
  'division',
  'department',
] as const;

/** The sub-attributes of each list's entries that are kept (RFC 7643 §4.1.2), by lower case. */
const LIST_ENTRY_ATTRIBUTES: Record<(typeof CORE_LISTS)[number], readonly string[]> = {
  emails: ['value', 'display', 'type', 'primary'],
  phoneNumbers: ['value', 'display', 'type', 'primary'],
  addresses: [
    'formatted',
    'streetAddress',
    'locality',
    'region',
    'postalCode',
    'country',
    'type',
    'primary',
  ],
};

const keyOf = {
  core: (name: string) => `${METADATA_PREFIX}${name}`,
  name: (part: string) => `${METADATA_PREFIX}name.${part}`,
  enterprise: (name: string) => `${METADATA_PREFIX}enterprise.${name}`,
};

/**
 * The metadata a SCIM User asks for (its keys lowered by `lowerKeys` at the top): every kept
 * attribute it has, as its JSON in base64. An attribute absent, null or empty is no entry. A
 * multi-valued list is kept only when it says more than its primary value alone (which is the
 * user's email or phone), or when that value is a phone number not written in E.164 (kept as
 * given, whether or not it becomes the user's phone).
 */
export function metadataOf(user: Record<string, unknown>): MetadataEntry[] {
  const entries: [string, unknown][] = [];
  for (const name of CORE_TEXTS)
    entries.push([keyOf.core(name), text(user[name.toLowerCase()], name)]);
  for (const name of CORE_LISTS)
    entries.push([keyOf.core(name), list(user[name.toLowerCase()], name)]);
  const userName = lowerKeys(objectOf(user.name, 'name'));
  for (const part of NAME_PARTS)
    entries.push([keyOf.name(part), text(userName[part.toLowerCase()], `name.${part}`)]);
  const enterprise = enterpriseOf(user);
  for (const name of ENTERPRISE_TEXTS)
    entries.push([keyOf.enterprise(name), text(enterprise[name.toLowerCase()], name)]);
  entries.push([keyOf.enterprise('manager'), manager(enterprise.manager)]);
  return entries
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const bytes = Buffer.from(JSON.stringify(value));
      // Refused here, before any command runs: the metadata's own limit on a value.
      if (bytes.length > METADATA_VALUE_LIMIT)
        throw new ScimError(
          400,
          `${key.slice(METADATA_PREFIX.length)} is over 16 KiB`,
          'invalidValue',
        );
      return { key, value: bytes.toString('base64') };
    });
}

/**
 * The attributes a user's `scim.` metadata holds, to answer in the User: the core ones, the
 * name's parts, and the enterprise extension's (with its URN in `schemas`). `email` and `phone`
 * are the user's own: a kept list's primary entry answers them as they are now.
 */
export function attributesOf(
  entries: readonly MetadataEntry[],
  { email, phone }: { email?: string; phone?: string },
): {
  core: Record<string, unknown>;
  name: Record<string, unknown>;
  enterprise?: Record<string, unknown>;
} {
  const kept = new Map(
    entries
      .filter(({ key }) => key.startsWith(METADATA_PREFIX))
      .map(({ key, value }) => [key, parsed(value)]),
  );
  const core: Record<string, unknown> = {};
  for (const name of CORE_TEXTS)
    if (kept.has(keyOf.core(name))) core[name] = kept.get(keyOf.core(name));
  const own = { emails: email, phoneNumbers: phone };
  for (const name of CORE_LISTS) {
    const values = kept.get(keyOf.core(name));
    if (!Array.isArray(values)) continue;
    const answered = name === 'addresses' ? values : withPrimary(values, own[name], name);
    if (answered.length > 0) core[name] = answered;
  }
  const name: Record<string, unknown> = {};
  for (const part of NAME_PARTS)
    if (kept.has(keyOf.name(part))) name[part] = kept.get(keyOf.name(part));
  const enterprise: Record<string, unknown> = {};
  for (const attribute of [...ENTERPRISE_TEXTS, 'manager'])
    if (kept.has(keyOf.enterprise(attribute)))
      enterprise[attribute] = kept.get(keyOf.enterprise(attribute));
  return { core, name, ...(Object.keys(enterprise).length > 0 && { enterprise }) };
}

/** The kept `scim.` keys a change of metadata must remove: those `wanted` no longer has. */
export function metadataChange(
  stored: readonly MetadataEntry[],
  wanted: readonly MetadataEntry[],
): { set: MetadataEntry[]; remove: string[] } {
  const before = new Map(
    stored.filter(({ key }) => key.startsWith(METADATA_PREFIX)).map((e) => [e.key, e.value]),
  );
  const after = new Map(wanted.map((entry) => [entry.key, entry.value]));
  return {
    set: wanted.filter(({ key, value }) => before.get(key) !== value),
    remove: [...before.keys()].filter((key) => !after.has(key)),
  };
}

/** The enterprise extension's object of a User, its attribute names lowered. */
function enterpriseOf(user: Record<string, unknown>): Record<string, unknown> {
  const extension = user[ENTERPRISE_SCHEMA.toLowerCase()];
  return lowerKeys(objectOf(extension, ENTERPRISE_SCHEMA));
}

function objectOf(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ScimError(400, `${name} is an object`, 'invalidValue');
  return value as Record<string, unknown>;
}

function text(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ScimError(400, `${name} is a string`, 'invalidValue');
  return value;
}

/**
 * The manager as RFC 7643 §4.3 has it (`value`, `$ref`, `displayName`); Microsoft Entra ID sends
 * the manager's id as a plain string (or an array of one such object), taken as its `value`.
 */
function manager(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return { value };
  const one = Array.isArray(value) && value.length === 1 ? value[0] : value;
  const given = lowerKeys(objectOf(one, 'manager'));
  const kept: Record<string, string> = {};
  for (const [name, attribute] of [
    ['value', 'value'],
    ['$ref', '$ref'],
    ['displayname', 'displayName'],
  ] as const) {
    const part = text(given[name], `manager.${attribute}`);
    if (part !== undefined) kept[attribute] = part;
  }
  return kept.value === undefined && Object.keys(kept).length === 0 ? undefined : kept;
}

/** A multi-valued attribute's entries as kept: their known sub-attributes, in canonical names. */
function list(value: unknown, name: (typeof CORE_LISTS)[number]): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (
    !Array.isArray(value) ||
    value.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))
  )
    throw new ScimError(400, `${name} is an array of objects`, 'invalidValue');
  const attributes = LIST_ENTRY_ATTRIBUTES[name];
  const entries = value.map((entry: Record<string, unknown>) => {
    const given = lowerKeys(entry);
    const kept: Record<string, unknown> = {};
    for (const attribute of attributes) {
      const part = given[attribute.toLowerCase()];
      if (part === undefined || part === null) continue;
      if (attribute === 'primary' ? typeof part !== 'boolean' : typeof part !== 'string')
        throw new ScimError(
          400,
          `${name}.${attribute} is a ${attribute === 'primary' ? 'boolean' : 'string'}`,
          'invalidValue',
        );
      if (attribute !== 'primary' || part) kept[attribute] = part;
    }
    return kept;
  });
  if (entries.filter((entry) => entry.primary === true).length > 1)
    throw new ScimError(400, `${name} has one primary entry at most`, 'invalidValue');
  // Only the primary value, as the user's own email or phone answers it: nothing more to keep.
  if (
    name !== 'addresses' &&
    entries.length === 1 &&
    Object.keys(entries[0]!).every((k) => k === 'value' || k === 'primary') &&
    (name !== 'phoneNumbers' || userPhoneOf(entries[0]!.value) === entries[0]!.value)
  )
    return undefined;
  return entries.length === 0 ? undefined : entries;
}

/**
 * A kept list answered with the user's own value (their email or phone now) in its primary entry
 * (or its first): a change through the operations shows in SCIM too. A primary entry that names
 * the user's own value is answered as given (a phone as the directory wrote it). A phone number
 * that never was the user's (one without a country code) is answered as given while the user has
 * no phone; a phone removed through the operations takes the list with it (another entry
 * answered alone would read as the primary one).
 */
function withPrimary(
  values: unknown[],
  own: string | undefined,
  name: 'emails' | 'phoneNumbers',
): unknown[] {
  // Entries as SCIM has them, objects: a kept value set otherwise through the metadata
  // operations (which know no SCIM) is left out rather than failing every read of the user.
  const entries = values.filter(
    (entry): entry is Record<string, unknown> =>
      typeof entry === 'object' && entry !== null && !Array.isArray(entry),
  );
  const primary = Math.max(
    0,
    entries.findIndex((entry) => entry.primary === true),
  );
  const given = entries[primary]?.value;
  const isPhone = name === 'phoneNumbers';
  if (own === undefined) return isPhone && userPhoneOf(given) === undefined ? entries : [];
  const value = (isPhone ? isUserPhone(given, own) : given === own) ? given : own;
  return entries.map((entry, index) =>
    index === primary ? { ...entry, value, primary: true } : entry,
  );
}

function parsed(base64: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    // An entry written through the API rather than SCIM: its bytes as text.
    return Buffer.from(base64, 'base64').toString('utf8');
  }
}
