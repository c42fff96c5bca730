import { expect } from 'chai';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../shared/logging/logger.js';
import { withProviderLane } from '../../services/api/transports/http/provider-lane.js';

/** Which handler answered: the provider's (past express) or express's. */
const answering =
  (name: string): RequestListener =>
  (request, response) => {
    request.resume();
    request.once('end', () => response.end(name));
  };

describe('the provider lane takes what it should, and leaves the rest to express', () => {
  let server: Server;
  let url: string;

  before(async () => {
    server = createServer(
      withProviderLane(answering('express'), {
        paths: ['/oidc/token', '/oidc/introspect', '/oidc/revoke'],
        provider: answering('provider'),
        logger: createLogger('error'),
        publicUrl: 'https://id.example.com',
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', body: 'a=b', ...init });
    return { by: await response.text(), headers: response.headers };
  };

  it("serves the machine endpoints' POSTs itself, with the request id and the pages' headers", async () => {
    for (const path of ['/oidc/token', '/oidc/introspect', '/oidc/revoke']) {
      const { by, headers } = await call(path, { headers: { 'x-request-id': 'r-1' } });
      expect(by, path).to.equal('provider');
      expect(headers.get('x-request-id'), path).to.equal('r-1');
      expect(headers.get('content-security-policy'), path).to.include("frame-ancestors 'none'");
      expect(headers.get('strict-transport-security'), path).to.match(/^max-age=31536000/);
    }
  });

  it('leaves a query, an Origin, another method or another path to express', async () => {
    expect((await call('/oidc/token?x=1')).by).to.equal('express');
    expect((await call('/oidc/token', { headers: { origin: 'https://a.example' } })).by).to.equal(
      'express',
    );
    expect((await call('/oidc/token', { method: 'PUT' })).by).to.equal('express');
    expect((await call('/oidc/token/')).by).to.equal('express');
    expect((await call('/oidc/auth')).by).to.equal('express');
    expect((await call('/management/v1/users/human/_import')).by).to.equal('express');
  });
});
