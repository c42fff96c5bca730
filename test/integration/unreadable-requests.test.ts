import { expect } from 'chai';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Project } from '../../shared/db/entities/index.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildProject } from '../support/factories.js';

const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** The documented shape: `{code, message, details}`, the ErrorDetail last with the same message. */
function expectError(answer: Answer, status: number, code: number, id: string): void {
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  expect(answer.body).to.have.all.keys('code', 'message', 'details');
  expect(answer.body.code).to.equal(code);
  expect(answer.body.message).to.be.a('string').and.not.match(/ {2}/);
  expect(answer.body.details.at(-1)).to.deep.equal({
    '@type': ERROR_DETAIL,
    id,
    message: answer.body.message,
  });
}

function violations(answer: Answer): { field: string; description: string }[] {
  return answer.body.details.find((detail: any) => detail['@type'] === BAD_REQUEST).fieldViolations;
}

/** Bytes written on a connection of their own, and what came back before it closed. */
function exchange(port: number, request: string, body?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (body) socket.write(body);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('requests that cannot be read', () => {
  let service: TestService;
  let owner: { orgId: string; token: string };
  let projectId: string;

  const put = async (path: string, body: Buffer | string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${service.api.url}${path}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
  };
  const projectName = async () =>
    (await service.dataSource.getRepository(Project).findOneByOrFail({ id: projectId })).name;

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
    projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Unchanged' })).projectId;
  });
  after(() => service.close());

  describe('a body that is not JSON', () => {
    it('says where, without echoing the body', async () => {
      const cases: [string, string][] = [
        ['{"name": "x",}', 'expected a property name in double quotes at line 1 column 14'],
        ['{\n  "name": "hunter2-secret" x\n}', 'unexpected character at line 2 column 28'],
        ['  ', 'expected a value at line 1 column 3'],
      ];
      for (const [body, where] of cases) {
        const answer = await put(`/management/v1/projects/${projectId}`, body);
        expectError(answer, 400, 3, 'REQUEST-INVALID');
        const description = `the request body is not valid JSON: ${where}`;
        expect(violations(answer)).to.deep.equal([{ field: '', description }]);
        expect(answer.body.message).to.equal(`invalid request: ${description}`);
        expect(JSON.stringify(answer.body)).to.not.contain('hunter2');
      }
    });

    it('refuses malformed JSON nested ten thousand deep, without saying where', async () => {
      const deep = `{"deep":${'['.repeat(10_000)}${']'.repeat(10_000)},}`;
      const answer = await put('/auth/v1/users/me/profile', deep);
      expectError(answer, 400, 3, 'REQUEST-INVALID');
      expect(violations(answer)).to.deep.equal([
        { field: '', description: 'the request body is not valid JSON' },
      ]);
    });

    it('says that JSON which is no object must be one', async () => {
      for (const body of ['[]', '"x"', 'null', '1']) {
        const answer = await put('/auth/v1/users/me/profile', body);
        expectError(answer, 400, 3, 'REQUEST-INVALID');
        expect(violations(answer), body).to.deep.equal([
          { field: '', description: 'the request body must be a JSON object' },
        ]);
        expect(answer.body.message).to.equal(
          'invalid request: the request body must be a JSON object',
        );
      }
    });
  });

  it('refuses a path parameter that is not percent-encoded UTF-8, naming it', async () => {
    for (const id of ['%zz', '%', '%ff%fe', 'a%e0%80']) {
      const answer = await put(`/management/v1/projects/${id}`, '{"name":"Renamed"}');
      expectError(answer, 400, 3, 'REQUEST-INVALID');
      expect(violations(answer)).to.deep.equal([
        { field: 'id', description: 'must be percent-encoded UTF-8' },
      ]);
    }
  });

  describe('Content-Encoding', () => {
    const path = () => `/management/v1/projects/${projectId}`;

    it('reads a gzip, deflate or br body', async () => {
      const encodings: [string, (data: Buffer) => Buffer][] = [
        ['gzip', gzipSync],
        ['deflate', deflateSync],
        ['br', brotliCompressSync],
      ];
      for (const [encoding, compress] of encodings) {
        const name = `Compressed with ${encoding}`;
        const answer = await put(path(), compress(Buffer.from(JSON.stringify({ name }))), {
          'content-encoding': encoding,
        });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(await projectName()).to.equal(name);
      }
    });

    it('refuses a body that does not decompress as its encoding says with 400', async () => {
      const before = await projectName();
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const truncated = gzipSync(Buffer.from('{"name":"Half"}')).subarray(0, 12);
        for (const body of ['{"name":"Plain"}', truncated]) {
          const answer = await put(path(), body, { 'content-encoding': encoding });
          expectError(answer, 400, 3, 'REQUEST-INVALID');
          expect(violations(answer)).to.deep.equal([
            { field: '', description: `the request body is not valid ${encoding} data` },
          ]);
        }
      }
      expect(await projectName()).to.equal(before);
    });

    it('refuses an encoding or charset it does not read with 415', async () => {
      for (const encoding of ['compress', 'foo', 'gzip, br']) {
        const answer = await put(path(), '{"name":"Other"}', { 'content-encoding': encoding });
        expectError(answer, 415, 3, 'UNSUPPORTED-MEDIA-TYPE');
      }
      const latin1 = await put(path(), '{"name":"Other"}', {
        'content-type': 'application/json; charset=latin1',
      });
      expectError(latin1, 415, 3, 'UNSUPPORTED-MEDIA-TYPE');
    });
  });

  describe('what Node refuses before the service sees it', () => {
    it('answers headers over the limit with 431 and the error body', async () => {
      const response = await fetch(`${service.api.url}/auth/v1/users/me/profile`, {
        headers: { authorization: `Bearer ${owner.token}`, 'x-filler': 'f'.repeat(20_000) },
      });
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expectError(
        { status: response.status, body: await response.json(), headers: response.headers },
        431,
        8,
        'HEADERS-TOO-LARGE',
      );
    });

    it('lets a client still sending its body read the 431, rather than a reset', async () => {
      const port = Number(new URL(service.api.url).port);
      const head = `PUT / HTTP/1.1\r\nContent-Length: 8000000\r\nX: ${'f'.repeat(70_000)}\r\n\r\n`;
      for (let attempt = 0; attempt < 5; attempt++) {
        const raw = await exchange(port, head, Buffer.alloc(8_000_000, 'a'));
        expect(raw).to.match(/^HTTP\/1\.1 431 /);
        expect(raw).to.contain('HEADERS-TOO-LARGE');
      }
    });

    it('answers a HEAD with headers over the limit with 431 and no body', async () => {
      const port = Number(new URL(service.api.url).port);
      const raw = await exchange(port, `HEAD / HTTP/1.1\r\nX: ${'f'.repeat(20_000)}\r\n\r\n`);
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).to.match(/^HTTP\/1\.1 431 /);
      expect(head).to.match(/\r\nContent-Type: application\/json/);
      expect(body).to.equal('');
    });

    it('answers a request that is not HTTP/1.1 with 400 and the error body, and closes', async () => {
      for (const request of [
        'GARBAGE\r\n\r\n',
        'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
      ]) {
        const raw = await exchange(Number(new URL(service.api.url).port), request);
        const [head, body] = raw.split('\r\n\r\n');
        expect(head).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
        expect(head).to.match(/\r\nConnection: close(\r\n|$)/i);
        expectError(
          { status: 400, body: JSON.parse(body!), headers: new Headers() },
          400,
          3,
          'REQUEST-MALFORMED',
        );
      }
    });
  });
});

describe('HTTP keep-alive', () => {
  const started: TestService[] = [];
  after(() => Promise.all(started.map((service) => service.close())));

  for (const [configured, seconds] of [
    [undefined, 65],
    ['90000', 90],
  ] as const) {
    it(`keeps idle connections ${seconds} s (${configured ? 'configured' : 'by default'}), headers 1 s longer`, async () => {
      const service = await TestService.start({
        DATABASE_URL: '',
        ...(configured && { HTTP_KEEP_ALIVE_TIMEOUT_MS: configured }),
      });
      started.push(service);
      const response = await fetch(`${service.api.url}/healthz`);
      expect(response.headers.get('keep-alive')).to.equal(`timeout=${seconds}`);
      expect(service.api.server.keepAliveTimeout).to.equal(seconds * 1000);
      expect(service.api.server.headersTimeout).to.equal(seconds * 1000 + 1000);
    });
  }
});
