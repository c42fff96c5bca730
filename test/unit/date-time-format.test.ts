import { expect } from 'chai';
import { loadProtoRoot } from '../../services/api/transports/grpc/proto-files.js';
import { withWellKnownTypesAsJson } from '../../services/api/transports/grpc/struct-json.js';
import { rfc3339Time } from '../../services/api/validation/formats.js';

/** A credential's expiry: RFC 3339 over JSON, a Timestamp over gRPC, the same instant both ways. */
describe('the date-time format of a request, and a Timestamp decoded to it', () => {
  it('takes RFC 3339 with any offset and up to nanoseconds, kept to the millisecond', () => {
    for (const [text, iso] of [
      ['2030-01-01T00:00:00Z', '2030-01-01T00:00:00.000Z'],
      ['2030-06-30t12:00:00.123456789+02:00', '2030-06-30T10:00:00.123Z'],
      ['2024-02-29T23:59:59-00:30', '2024-03-01T00:29:59.000Z'],
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ] as const)
      expect(rfc3339Time(text)?.toISOString(), text).to.equal(iso);
  });

  it('refuses what names no instant, or one no DATETIME column holds', () => {
    for (const text of [
      'tomorrow',
      '2030-01-01',
      '2030-01-01T00:00:00',
      '2030-01-01 00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2030-04-31T00:00:00Z',
      '2030-12-31T23:59:60Z',
      '2030-01-01T24:00:00Z',
      '2030-01-01T00:00:00+24:00',
      '0000-12-31T23:59:59Z',
      '9999-12-31T23:59:59-00:01',
      '+010000-01-01T00:00:00.000Z',
    ])
      expect(rfc3339Time(text), text).to.equal(undefined);
  });

  it('decodes a request’s Timestamp to RFC 3339 in UTC; one out of range to text the format refuses', () => {
    const type = loadProtoRoot().lookupType('identity.management.v1.AddPersonalAccessTokenRequest');
    const decoded = (expirationDate: object) =>
      withWellKnownTypesAsJson(type, { userId: 'u', expirationDate }).expirationDate as string;
    expect(decoded({ seconds: '4070908800', nanos: 5_000_000 })).to.equal(
      '2099-01-01T00:00:00.005Z',
    );
    expect(decoded({})).to.equal('1970-01-01T00:00:00.000Z');
    for (const bad of [{ seconds: '1e15' }, { seconds: '1', nanos: -1 }, { seconds: '1e12' }])
      expect(rfc3339Time(decoded(bad)), JSON.stringify(bad)).to.equal(undefined);
  });
});
