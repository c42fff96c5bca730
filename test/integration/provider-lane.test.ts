import { expect } from 'chai';
import { describeWithService } from '../support/databases.js';
import { addSecret, buildMachine } from '../support/machine-users.js';
import { publicUrlEnv } from '../support/relying-party.js';

/** The headers an answer of the provider's carries whichever way it was served. */
const KEPT = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'x-content-type-options',
];

interface Logged {
  msg: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

describeWithService(
  'The provider lane: token, introspection and revocation past express, answered as express answers them',
  (service) => {
    let basic: string;

    before(async () => {
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { clientId, clientSecret } = await addSecret(service, machine);
      basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    });

    /** A form POST to the provider, with the machine's secret. */
    const post = (path: string, form: Record<string, string>, headers: Record<string, string>) =>
      fetch(`${service.api.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams(form),
      });

    const logged = (requestId: string): Logged | undefined =>
      service.logs.lines
        .map((line) => JSON.parse(line) as Logged)
        .find((line) => line.msg === 'request' && line.requestId === requestId);

    it('gives a token with the same status, headers, request id and log line as express does', async () => {
      const answers = [];
      // A query (any) leaves the request to express.
      for (const [way, path] of [
        ['lane', '/oidc/token'],
        ['express', '/oidc/token?served=express'],
      ] as const) {
        const requestId = `lane-test-${way}-${Date.now()}`;
        const response = await post(
          path,
          { grant_type: 'client_credentials' },
          { 'x-request-id': requestId },
        );
        const body = (await response.json()) as Record<string, unknown>;
        expect(response.status, way).to.equal(200);
        expect(response.headers.get('x-request-id'), way).to.equal(requestId);
        expect(body.token_type, way).to.equal('Bearer');
        expect(body.access_token, way).to.be.a('string');
        // The line is written once the answer is sent, which the client may see first.
        let line: Logged | undefined;
        for (let tries = 0; !line && tries < 50; tries++) {
          line = logged(requestId);
          if (!line) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(line, `${way}: the access log's line`).to.include({
          method: 'POST',
          path: '/oidc/token',
          status: 200,
        });
        expect(line!.durationMs, way).to.be.a('number');
        answers.push({
          headers: Object.fromEntries(KEPT.map((name) => [name, response.headers.get(name)])),
          fields: Object.keys(body).sort(),
          token: body.access_token as string,
        });
      }
      const [lane, express] = answers;
      expect(lane!.headers).to.deep.equal(express!.headers);
      expect(lane!.headers['content-security-policy']).to.include("frame-ancestors 'none'");
      expect(lane!.fields).to.deep.equal(express!.fields);
    });

    it('introspects and revokes through the lane, and refuses there as the provider does', async () => {
      const token = (await (
        await post('/oidc/token', { grant_type: 'client_credentials' }, {})
      ).json()) as { access_token: string };
      const active = await post('/oidc/introspect', { token: token.access_token }, {});
      expect(active.status).to.equal(200);
      expect(await active.json()).to.include({ active: true });
      const revoked = await post('/oidc/revoke', { token: token.access_token }, {});
      expect(revoked.status).to.equal(200);
      const after = await post('/oidc/introspect', { token: token.access_token }, {});
      expect(await after.json()).to.deep.equal({ active: false });
      const wrong = await post(
        '/oidc/token',
        { grant_type: 'client_credentials' },
        { authorization: `Basic ${Buffer.from('nobody:nothing').toString('base64')}` },
      );
      expect(wrong.status).to.equal(401);
      expect(await wrong.json()).to.include({ error: 'invalid_client' });
      expect(wrong.headers.get('x-request-id')).to.be.a('string');
    });

    it('leaves an Origin, another method or another path to express', async () => {
      // CORS stays the provider's, behind express: an origin it does not know is refused, the
      // service's own is answered with the header a browser needs.
      const origin = { origin: 'https://elsewhere.example' };
      const fromElsewhere = await post('/oidc/token', { grant_type: 'client_credentials' }, origin);
      expect(fromElsewhere.status).to.equal(400);
      expect(await fromElsewhere.json()).to.include({ error: 'invalid_request' });
      expect(fromElsewhere.headers.get('x-request-id')).to.be.a('string');
      const own = new URL(service.config.publicUrl).origin;
      const fromOwn = await post(
        '/oidc/token',
        { grant_type: 'client_credentials' },
        { origin: own },
      );
      expect(fromOwn.status).to.equal(200);
      expect(fromOwn.headers.get('access-control-allow-origin')).to.equal(own);
      const get = await fetch(`${service.api.url}/oidc/token`);
      expect(get.status).to.equal(404);
      const jwks = await fetch(`${service.api.url}/oidc/jwks`);
      expect(jwks.status).to.equal(200);
      expect(((await jwks.json()) as { keys: unknown[] }).keys).to.have.length.above(0);
    });
  },
  publicUrlEnv,
);
