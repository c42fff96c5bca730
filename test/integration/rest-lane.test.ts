import { expect } from 'chai';
import fc from 'fast-check';
import { connect } from 'node:net';
import { Project } from '../../shared/db/entities/index.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildProject } from '../support/factories.js';

/** What a caller sees of an answer: the status, the headers that carry meaning, the body. */
interface Answer {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  body: unknown;
}

/**
 * One request as raw bytes on a connection of its own: no client adds or drops a header. The
 * answer's headers are read case-insensitively, as any client reads them.
 */
function raw(port: number, head: string[], body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `${[...head, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top, ...rest] = text.split('\r\n\r\n');
      const lines = top!.split('\r\n');
      const header = (name: string) =>
        lines
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const payload = rest.join('\r\n\r\n');
      resolve({
        status: Number(lines[0]!.split(' ')[1]),
        contentType: header('content-type'),
        retryAfter: header('retry-after'),
        body: payload ? JSON.parse(payload) : undefined,
      });
    });
  });
}

describe('the REST lane answers as express does', () => {
  let service: TestService;
  let owner: { orgId: string; token: string };
  let projectId: string;

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
    projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Lane 1' })).projectId;
  });
  after(() => service.close());

  /**
   * The request as sent, served by the lane, and the same with an Origin header, which only
   * express serves (no CORS origins are configured, so express adds nothing for it).
   */
  async function both(method: string, path: string, headers: string[], body?: string) {
    const head = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers];
    const lane = await raw(port(), head, body);
    const express = await raw(port(), [...head, 'Origin: https://elsewhere.example'], body);
    return { lane, express };
  }

  const port = () => Number(new URL(service.api.url).port);
  const auth = () => `Authorization: Bearer ${owner.token}`;
  const project = () => `/management/v1/projects/${projectId}`;

  const cases: [string, () => [string, string, string[], string?]][] = [
    ['a body that is not JSON', () => ['PUT', project(), [auth()], '{"name": ']],
    ['an empty body', () => ['PUT', project(), [auth()], '']],
    ['JSON that is no object', () => ['PUT', project(), [auth()], '[1, 2]']],
    ['null', () => ['PUT', project(), [auth()], 'null']],
    ['a path field repeated in the body', () => ['PUT', project(), [auth()], '{"id": "x"}']],
    ['an unknown field', () => ['PUT', project(), [auth()], '{"name": "x", "colour": 1}']],
    ['no token', () => ['PUT', project(), [], '{"name": "Lane 2"}']],
    ['a malformed token', () => ['PUT', project(), ['Authorization: Bearer x.y.z'], '{}']],
    [
      'a project of no one',
      () => [
        'PUT',
        '/management/v1/projects/0190a0a0-0000-7000-8000-000000000000',
        [auth()],
        '{"name": "x"}',
      ],
    ],
    [
      'a path parameter percent-encoded',
      () => ['PUT', '/management/v1/projects/%41b', [auth()], '{"name": "x"}'],
    ],
    ['a byte-order mark before the JSON', () => ['PUT', project(), [auth()], '\uFEFF{"name": ']],
    [
      'Content-Type JSON in UTF-8',
      () => ['PUT', project(), [auth(), 'Content-Type: application/json; charset=UTF-8'], '{'],
    ],
    [
      'an import without a userName',
      () => ['POST', '/management/v1/users/human/_import', [auth()], '{}'],
    ],
    ['a read of my profile without a token', () => ['GET', '/auth/v1/users/me/profile', []]],
  ];

  for (const [name, request] of cases) {
    it(`${name}: the same answer`, async () => {
      const { lane, express } = await both(...request());
      expect(lane.status, JSON.stringify(lane.body)).to.be.within(400, 499);
      expect(lane).to.deep.equal(express);
    });
  }

  it('any body and content type: the same answer both ways (property)', async () => {
    const bodies = fc.oneof(
      fc.json(),
      fc.string(),
      fc.jsonValue().map((value) => `\uFEFF${JSON.stringify(value)}`),
      fc
        .dictionary(fc.constantFrom('name', 'id', 'projectRoleCheck', 'x'), fc.jsonValue())
        .map((value) => JSON.stringify(value)),
    );
    const contentTypes = fc.constantFrom(
      [],
      ['Content-Type: application/json'],
      ['Content-Type: application/json; charset=utf-8'],
      ['Content-Type: text/plain'],
      ['Content-Type: application/x-www-form-urlencoded'],
    );
    await fc.assert(
      fc.asyncProperty(bodies, contentTypes, async (body, contentType) => {
        const { lane, express } = await both('PUT', project(), [auth(), ...contentType], body);
        if (lane.status === 200 && express.status === 200) {
          expect(Object.keys(lane.body as object)).to.deep.equal(
            Object.keys(express.body as object),
          );
        } else {
          expect(lane, body).to.deep.equal(express);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a change: the same answer, and both stored', async () => {
    const head = (name: string) =>
      [
        `PUT ${project()} HTTP/1.1`,
        'Host: 127.0.0.1',
        auth(),
        'Content-Type: application/json',
      ].concat(name === 'express' ? ['Origin: https://elsewhere.example'] : []);
    const lane = await raw(port(), head('lane'), '{"name": "Lane A"}');
    expect(lane.status, JSON.stringify(lane.body)).to.equal(200);
    const stored = await service.dataSource
      .getRepository(Project)
      .findOneByOrFail({ id: projectId });
    expect(stored.name).to.equal('Lane A');
    const express = await raw(port(), head('express'), '{"name": "Lane B"}');
    expect(express.status).to.equal(200);
    expect(
      (await service.dataSource.getRepository(Project).findOneByOrFail({ id: projectId })).name,
    ).to.equal('Lane B');
    expect(Object.keys(lane.body as object).sort()).to.deep.equal(
      Object.keys(express.body as object).sort(),
    );
    expect(lane.contentType)
      .to.equal(express.contentType)
      .and.equal('application/json; charset=utf-8');
  });

  it('a body cut off by its caller changes nothing, and the next call is served', async () => {
    const before = await service.dataSource
      .getRepository(Project)
      .findOneByOrFail({ id: projectId });
    const body = '{"name": "Lane cut off"}';
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port(), '127.0.0.1', () => {
        socket.write(
          [
            `PUT ${project()} HTTP/1.1`,
            'Host: 127.0.0.1',
            auth(),
            'Content-Type: application/json',
            `Content-Length: ${body.length}`,
          ].join('\r\n') + `\r\n\r\n${body.slice(0, 10)}`,
          () => setTimeout(() => socket.destroy(), 50),
        );
      });
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    const next = await raw(
      port(),
      [`PUT ${project()} HTTP/1.1`, 'Host: 127.0.0.1', auth(), 'Content-Type: application/json'],
      `{"name": "${before.name}"}`,
    );
    expect(next.status, JSON.stringify(next.body)).to.equal(200);
    const after = await service.dataSource
      .getRepository(Project)
      .findOneByOrFail({ id: projectId });
    expect(after.name).to.equal(before.name);
    expect(after.version).to.equal(before.version);
  });

  it('a body over the limit and a trailing slash go to express, and are answered', async () => {
    const tooLarge = await fetch(`${service.api.url}${project()}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}` },
      body: `{"name": "${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(tooLarge.status).to.equal(413);
    const slash = await raw(
      port(),
      [`PUT ${project()}/ HTTP/1.1`, 'Host: 127.0.0.1', auth()],
      '{"name": "Lane C"}',
    );
    expect(slash.status, JSON.stringify(slash.body)).to.equal(200);
  });
});
