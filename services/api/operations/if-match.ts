import { invalidArgument, ServiceError } from '../../../shared/errors/service-error.js';

/** The header (gRPC metadata alike) by which a change names the state it was made from. */
export const IF_MATCH_HEADER = 'if-match';

/** What `If-Match` asks: any current state (`*`), or one of these sequences. */
export type IfMatch = '*' | readonly string[];

/**
 * One element of the list and the comma after it (RFC 9110 §5.6.1, §8.8.3): an entity tag, weak
 * or strong (its characters any visible one but `"`, a comma too), or a bare sequence; or
 * nothing, an empty element, which a recipient ignores.
 */
const ELEMENT = /[ \t]*(?:(W\/)?"([\x21\x23-\x7e\x80-\uffff]*)"|([0-9]{1,19}))?[ \t]*(?:,|$)/y;

/**
 * The `If-Match` of a change (RFC 9110 §13.1.1): `*`, or entity tags (`"4711"`, as a read's
 * `ETag` gives them), comma-separated; a bare sequence is taken as its tag, for gRPC callers. A
 * weak tag (`W/"4711"`) never matches, as the strong comparison wants. None is undefined.
 */
export function ifMatchOf(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  let elements = 0;
  for (let at = 0; at < header.length;) {
    ELEMENT.lastIndex = at;
    const element = ELEMENT.exec(header);
    if (!element || ELEMENT.lastIndex === at) throw malformedIfMatch();
    at = ELEMENT.lastIndex;
    const [, weak, quoted, bare] = element;
    const tag = quoted ?? bare;
    if (tag === undefined) continue;
    elements += 1;
    if (!weak) tags.push(tag);
  }
  if (elements === 0 || elements > 20) throw malformedIfMatch();
  return tags;
}

const malformedIfMatch = () =>
  invalidArgument([
    {
      field: IF_MATCH_HEADER,
      description: 'must be * or up to 20 entity tags such as "4711", comma-separated',
    },
  ]);

/** The ETag of a state: its aggregate's sequence, the position of the last event that changed it. */
export const etagOf = (sequence: string): string => `"${sequence}"`;

/**
 * Refuses a change whose `If-Match` names a state other than the aggregate's now (`sequence`,
 * read under the aggregate's lock, in the transaction that writes): RESOURCE-CHANGED, and
 * nothing is stored. Without one, a change applies to whatever state there is.
 */
export function expectUnchanged(ifMatch: IfMatch | undefined, sequence: string): void {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.includes(sequence)) return;
  throw new ServiceError('RESOURCE-CHANGED');
}

/** A handler that checks `If-Match` against the aggregate it changes, as the helpers mark theirs. */
export type ConditionalHandler<Handler> = Handler & { readonly honorsIfMatch: true };

/** Marks `handler` as one that checks the change's `If-Match` (expectUnchanged) under its lock. */
export function honoringIfMatch<Handler extends object>(
  handler: Handler,
): ConditionalHandler<Handler> {
  return Object.assign(handler, { honorsIfMatch: true as const });
}

/** Whether a handler checks `If-Match`: a change of a project, a user or a machine user does. */
export const honorsIfMatch = (handler: object): boolean =>
  (handler as { honorsIfMatch?: boolean }).honorsIfMatch === true;

/** `If-Match` on a change that is not of a project, a user or a machine user (yet). */
export const ifMatchUnsupported = (): ServiceError =>
  invalidArgument([
    {
      field: IF_MATCH_HEADER,
      description:
        'is not taken by this operation: it changes no resource whose ETag a read answers',
    },
  ]);
