import { expect } from 'chai';
import fc from 'fast-check';
import type { EventType } from '../../shared/events/event-types.js';
import { cloudEventJson, toCloudEvent } from '../../shared/events/cloud-event.js';
import type { EventRecord } from '../../shared/db/entities/event-record.entity.js';

/** Records as the outbox holds them, with whatever text their fields may carry. */
const records = fc.record({
  position: fc.bigInt({ min: 1n, max: 2n ** 63n }).map(String),
  id: fc.uuid(),
  type: fc.constantFrom<EventType[]>(
    'user.human.added',
    'user.human.email.verified',
    'project.changed',
  ),
  aggregateType: fc.constantFrom('user', 'project'),
  aggregateId: fc.string(),
  aggregateVersion: fc.nat(),
  orgId: fc.string(),
  payload: fc.dictionary(fc.string(), fc.jsonValue()),
  createdAt: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(253402300799999) }),
  publishedAt: fc.constant(null),
});

describe('the relay’s CloudEvent text', () => {
  it('is the bytes JSON.stringify gives the CloudEvent, the payload stored as text or not', () => {
    fc.assert(
      fc.property(records, fc.string(), (record, source) => {
        const event = record as EventRecord;
        const expected = JSON.stringify(toCloudEvent(event, source));
        expect(
          cloudEventJson({ ...event, payload: JSON.stringify(event.payload) }, source),
        ).to.equal(expected);
        expect(cloudEventJson(event, source)).to.equal(expected);
      }),
      { numRuns: 500 },
    );
  });
});
