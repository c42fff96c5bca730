import { expect } from 'chai';
import type { EventRecord } from '../../shared/db/entities/index.js';

const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The `details` a change answers with: those of the event it recorded. */
export function changeDetails(event: EventRecord, resourceOwner: string) {
  return { sequence: event.position, changeDate: event.createdAt.toISOString(), resourceOwner };
}

/**
 * The checks of a change's `details` on the wire: a decimal sequence after `before`'s, a change
 * date in RFC 3339 UTC, and no creation date (an update answers none).
 */
export function expectDetailsOfChange(
  details: { sequence: string; changeDate: string },
  before: { sequence: string },
): void {
  expect(details.sequence).to.match(/^\d+$/);
  expect(BigInt(details.sequence) > BigInt(before.sequence)).to.equal(true);
  expect(details.changeDate).to.match(RFC3339_UTC);
  expect(details).not.to.have.property('creationDate');
}
