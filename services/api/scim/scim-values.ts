import { ScimError } from './scim-errors.js';

/** An object's keys lower-cased: SCIM's attribute names are case-insensitive. */
export function lowerKeys(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [key.toLowerCase(), value]),
  );
}

export function objectOr(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ScimError(400, `${name} is an object`, 'invalidValue');
  return value as Record<string, unknown>;
}

/** The value of a multi-valued attribute's primary entry, or of its first. */
export function primaryValue(values: unknown, name: string): unknown {
  if (values === undefined || values === null) return undefined;
  if (!Array.isArray(values) || values.some((v) => typeof v !== 'object' || v === null))
    throw new ScimError(400, `${name} is an array of objects`, 'invalidValue');
  const entries = values.map((v) => lowerKeys(v as Record<string, unknown>));
  return (entries.find((entry) => entry.primary === true) ?? entries[0])?.value;
}
