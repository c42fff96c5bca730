import { etagOf, IF_MATCH_HEADER } from '../operations/if-match.js';
import { AFTER_SEQUENCE_HEADER } from '../queries/read-after-write.js';
import type { IncomingCall } from './operation-pipeline.js';

/** What a call's headers (HTTP) or metadata (gRPC) say, by the name each transport reads. */
export type CallHeaders = Pick<
  IncomingCall,
  'authorization' | 'targetOrgId' | 'afterSequence' | 'ifMatch' | 'requestId'
>;

/** The headers every transport hands over, read with its own `header` (the first value). */
export function callHeadersOf(header: (name: string) => string | undefined): CallHeaders {
  return {
    authorization: header('authorization'),
    targetOrgId: header('x-service-orgid'),
    afterSequence: header(AFTER_SEQUENCE_HEADER),
    ifMatch: header(IF_MATCH_HEADER),
    requestId: header('x-request-id'),
  };
}

/** The request headers a browser may send (CORS): the ones above and gRPC-web's own. */
export const CALL_HEADER_NAMES = [
  'authorization',
  'x-service-orgid',
  AFTER_SEQUENCE_HEADER,
  IF_MATCH_HEADER,
];

/**
 * The ETag of an answer: the sequence of the state it shows or made (`details.sequence` of a
 * change, of a read such as GetMyProfile, or of the one resource a Get answers alone: its user,
 * its project). None for a list, whose details have no sequence.
 */
export function etagOfAnswer(answer: unknown): string | undefined {
  const sequenceOf = (value: unknown) =>
    (value as { details?: { sequence?: unknown } } | undefined)?.details?.sequence;
  const own = sequenceOf(answer);
  const [only, ...others] = Object.values((answer ?? {}) as Record<string, unknown>);
  const sequence = typeof own === 'string' || others.length > 0 ? own : sequenceOf(only);
  return typeof sequence === 'string' ? etagOf(sequence) : undefined;
}
