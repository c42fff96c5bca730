import { expect } from 'chai';
import { decodeStatusDetails } from '../support/grpc-client.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

const PROFILE = '/identity.auth.v1.AuthService/UpdateMyProfile';

/** Trailers of a gRPC-web response body that holds only a trailers frame. */
function trailersOf(body: Buffer): Record<string, string> {
  expect(body[0], 'a trailers frame').to.equal(0x80);
  expect(body.readUInt32BE(1)).to.equal(body.length - 5);
  return Object.fromEntries(
    body
      .subarray(5)
      .toString('latin1')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}

describe('gRPC-web on the HTTP port', () => {
  let service: TestService;
  let token: string;

  before(async () => {
    service = await TestService.start({
      CORS_ORIGINS: 'https://app.example',
      REQUEST_BODY_LIMIT: '2048',
    });
    token = (await buildOwner(service)).token;
  });
  after(() => service.close());

  const post = (path: string, body: Buffer | string, contentType = 'application/grpc-web+proto') =>
    fetch(`${service.api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}`, 'x-grpc-web': '1' },
      body,
    });

  it('answers a body that is not one framed message with INVALID_ARGUMENT in the trailers', async () => {
    for (const body of [
      Buffer.from([0, 0, 0, 0, 9, 1]),
      Buffer.from([0x80, 0, 0, 0, 0]),
      Buffer.alloc(2),
    ]) {
      const response = await post(PROFILE, body);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('application/grpc-web+proto');
      const trailers = trailersOf(Buffer.from(await response.arrayBuffer()));
      expect(trailers['grpc-status']).to.equal('3');
      const details = decodeStatusDetails(
        Buffer.from(trailers['grpc-status-details-bin']!, 'base64'),
      );
      expect(details.map((d) => d['@type'])).to.deep.equal([
        'type.googleapis.com/google.rpc.BadRequest',
        'type.googleapis.com/identity.v1.ErrorDetail',
      ]);
      expect(details[1]!.id).to.equal('REQUEST-INVALID');
    }
  });

  it('answers bytes that are not the request message with INVALID_ARGUMENT', async () => {
    const garbage = Buffer.from([0, 0, 0, 0, 3, 0x0a, 0xff, 0xff]);
    const trailers = trailersOf(Buffer.from(await (await post(PROFILE, garbage)).arrayBuffer()));
    expect(trailers['grpc-status']).to.equal('3');
    expect(decodeURIComponent(trailers['grpc-message']!)).to.contain('UpdateMyProfileRequest');
  });

  it('answers an unknown method with UNIMPLEMENTED and a body over the limit with RESOURCE_EXHAUSTED', async () => {
    const unknown = await post(
      '/identity.auth.v1.AuthService/DeleteEverything',
      Buffer.from([0, 0, 0, 0, 0]),
    );
    expect(trailersOf(Buffer.from(await unknown.arrayBuffer()))['grpc-status']).to.equal('12');
    const large = Buffer.concat([Buffer.from([0, 0, 0, 16, 0]), Buffer.alloc(4096)]);
    const tooLarge = await post(PROFILE, large);
    expect(trailersOf(Buffer.from(await tooLarge.arrayBuffer()))['grpc-status']).to.equal('8');
  });

  it('answers the text variant in base64', async () => {
    const response = await post(
      PROFILE,
      Buffer.from([0, 0, 0, 0, 0]).toString('base64'),
      'application/grpc-web-text',
    );
    expect(response.headers.get('content-type')).to.equal('application/grpc-web-text+proto');
    const trailers = trailersOf(Buffer.from(await response.text(), 'base64'));
    expect(trailers['grpc-status'], 'an empty request lacks the required names').to.equal('3');
  });

  it('lets a configured browser origin call, with the gRPC headers readable, and no other origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${service.api.url}${PROFILE}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-grpc-web,x-user-agent',
        },
      });
    const allowed = await preflight('https://app.example');
    expect(allowed.status).to.equal(204);
    expect(allowed.headers.get('access-control-allow-origin')).to.equal('https://app.example');
    expect(allowed.headers.get('access-control-allow-headers')).to.contain('x-grpc-web');
    expect(allowed.headers.get('access-control-allow-headers')).to.contain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).to.equal(null);

    const call = await fetch(`${service.api.url}${PROFILE}`, {
      method: 'POST',
      headers: { origin: 'https://app.example', 'content-type': 'application/grpc-web+proto' },
      body: Buffer.from([0, 0, 0, 0, 0]),
    });
    expect(call.headers.get('access-control-expose-headers')).to.contain('grpc-status-details-bin');
  });

  it('leaves JSON on the same paths to JSON', async () => {
    const response = await service.call('POST', PROFILE, { token, body: {} });
    expect(response.status).to.equal(404);
    expect(response.body.details[0].id).to.equal('ROUTE-NOT-FOUND');
  });
});
