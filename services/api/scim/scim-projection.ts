import { ScimError } from './scim-errors.js';

/** A path of `attributes`/`excludedAttributes`, lower-cased: `["name", "givenname"]`. */
type Path = string[];

/** Which attributes an answer holds (RFC 7644 §3.4.2.5, §3.9): none given is all of them. */
export interface Projection {
  attributes?: Path[];
  excludedAttributes?: Path[];
}

/** Answered whatever is asked: `returned: always` (`id`), and what every resource carries. */
const ALWAYS = new Set(['id', 'schemas', 'meta']);

/** The core schemas, whose URN may prefix an attribute's name (`…:User:userName`). */
const CORE_URNS = [
  'urn:ietf:params:scim:schemas:core:2.0:user',
  'urn:ietf:params:scim:schemas:core:2.0:group',
];

/**
 * The projection a request asks: `attributes` and `excludedAttributes` as a query string gives
 * them (comma-separated) or a SearchRequest does (arrays of strings). Names are
 * case-insensitive; a sub-attribute is `name.givenName`, an extension's attribute its schema's
 * URN, a colon and its name. Both given: the attributes asked for, less those excluded.
 */
export function projectionOf(parameters: {
  attributes?: unknown;
  excludedAttributes?: unknown;
}): Projection {
  const paths = (value: unknown, name: string): Path[] | undefined => {
    if (value === undefined) return undefined;
    const names =
      typeof value === 'string'
        ? value.split(',')
        : Array.isArray(value) && value.every((each) => typeof each === 'string')
          ? (value as string[])
          : undefined;
    if (!names) throw new ScimError(400, `${name} is a list of attribute names`, 'invalidValue');
    const given = names.map((each) => each.trim()).filter((each) => each !== '');
    // `attributes=` names nothing: as if it were not given.
    return given.length === 0 ? undefined : given.map(pathOf);
  };
  const attributes = paths(parameters.attributes, 'attributes');
  const excludedAttributes = paths(parameters.excludedAttributes, 'excludedAttributes');
  return {
    ...(attributes && { attributes }),
    ...(excludedAttributes && { excludedAttributes }),
  };
}

/**
 * An attribute's name as a path: the core schema's URN dropped; an extension's whole, as one
 * name (its URN holds dots), parted where the resource's key for the extension ends (`restsOf`).
 */
function pathOf(name: string): Path {
  const lower = name.toLowerCase();
  const core = CORE_URNS.find((urn) => lower.startsWith(`${urn}:`));
  if (core) return lower.slice(core.length + 1).split('.');
  return lower.startsWith('urn:') ? [lower] : lower.split('.');
}

/**
 * The resource (a User, a Group) as the projection asks: with `attributes`, those alone (and
 * their sub-attributes asked, in each value of a multi-valued one); less `excludedAttributes`;
 * `id`, `schemas` and `meta` always. Transport-free: every answer of a resource goes through it.
 */
export function projected(
  resource: Record<string, unknown>,
  { attributes, excludedAttributes }: Projection,
): Record<string, unknown> {
  let result = resource;
  if (attributes) result = kept(result, attributes, ALWAYS) ?? {};
  if (excludedAttributes) result = without(result, excludedAttributes, ALWAYS);
  return result;
}

/** What follows `key` in each path that names it (`[]`: the whole value); undefined if none. */
function restsOf(key: string, paths: Path[]): Path[] | undefined {
  const lower = key.toLowerCase();
  const rests: Path[] = [];
  for (const [first, ...rest] of paths) {
    if (first === lower) rests.push(rest);
    else if (lower.startsWith('urn:') && first!.startsWith(`${lower}:`))
      rests.push([...first!.slice(lower.length + 1).split('.'), ...rest]);
  }
  return rests.length === 0 ? undefined : rests;
}

/** The object with only the paths asked (an empty rest asks for the whole value). */
function kept(
  object: Record<string, unknown>,
  paths: Path[],
  always: ReadonlySet<string> = new Set(),
): Record<string, unknown> | undefined {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(object)) {
    const rests = restsOf(key, paths);
    if (always.has(key.toLowerCase()) || rests?.some((rest) => rest.length === 0))
      entries.push([key, value]);
    else if (rests) {
      const part = within(value, (inner) => kept(inner, rests));
      if (part !== undefined) entries.push([key, part]);
    }
  }
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** The object without the paths excluded. */
function without(
  object: Record<string, unknown>,
  paths: Path[],
  always: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(object)) {
    const rests = restsOf(key, paths);
    if (always.has(key.toLowerCase()) || !rests) entries.push([key, value]);
    else if (!rests.some((rest) => rest.length === 0)) {
      // A simple value has no sub-attributes to exclude: it stays.
      const part =
        typeof value === 'object' && value !== null
          ? within(value, (inner) => without(inner, rests))
          : value;
      if (part !== undefined) entries.push([key, part]);
    }
  }
  return Object.fromEntries(entries);
}

/** A complex value, or each of a multi-valued one, through `project`; nothing left is dropped. */
function within(
  value: unknown,
  project: (inner: Record<string, unknown>) => Record<string, unknown> | undefined,
): unknown {
  const isObject = (each: unknown): each is Record<string, unknown> =>
    typeof each === 'object' && each !== null && !Array.isArray(each);
  if (Array.isArray(value)) {
    const parts = value.filter(isObject).map(project);
    const left = parts.filter((part) => part !== undefined && Object.keys(part).length > 0);
    return left.length === 0 ? undefined : left;
  }
  if (!isObject(value)) return undefined;
  const part = project(value);
  return part && Object.keys(part).length > 0 ? part : undefined;
}
