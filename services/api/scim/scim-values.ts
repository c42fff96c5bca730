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

/** How deep a SCIM body may nest: a User is a few levels; more is no resource of ours. */
export const MAX_BODY_DEPTH = 32;

/** Names that would reach an object's prototype where a library walks a path name by name. */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether an attribute path (`a.b`, `urn:…:User:a`, `a[b eq "c"].d`) names a prototype. */
export function namesPrototype(path: string): boolean {
  return path
    .toLowerCase()
    .split(/[.:[\]\s]+/)
    .some((segment) => PROTOTYPE_NAMES.has(segment));
}

/**
 * A body checked before anything reads it: nested at most MAX_BODY_DEPTH deep (walked without
 * recursion, so no depth can exhaust the stack) and with no key naming a prototype (scim-patch
 * walks a path-less replace's keys as paths).
 */
export function checkedBody(body: unknown): void {
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_BODY_DEPTH)
      throw new ScimError(400, `the body nests deeper than ${MAX_BODY_DEPTH}`, 'invalidSyntax');
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value) && namesPrototype(key))
        throw new ScimError(400, 'an attribute name names no attribute', 'invalidPath');
      stack.push([item, depth + 1]);
    }
  }
}
