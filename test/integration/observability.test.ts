import { expect } from 'chai';
import { pollUntil } from '../support/poll.js';
import { startApi } from '../../services/api/api.js';
import { loadVerificationKeys } from '../../services/api/auth/token-keys.js';
import { createLogger } from '../../shared/logging/logger.js';
import { scrape, valueOf as sample } from '../support/prometheus.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildProject } from '../support/factories.js';

describe('logs, metrics and probes', () => {
  let proxy: TcpProxy;
  let service: TestService;
  let owner: { orgId: string; userId: string; token: string };

  before(async () => {
    proxy = new TcpProxy('127.0.0.1', 3306);
    service = await TestService.start({ HEALTH_CHECK_INTERVAL_MS: '50' }, await proxy.start());
    owner = await buildOwner(service);
  });
  after(async () => {
    await proxy.cut();
    await service.close();
  });

  const linesOf = (requestId: string) =>
    service.logs.lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.requestId === requestId);

  it('puts the request id on every line of a request, over JSON and gRPC, and echoes it', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    await service.dataSource.query(
      `CREATE TRIGGER fail_project_update BEFORE UPDATE ON projects FOR EACH ROW
       SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no updates today'`,
    );
    try {
      const response = await service.call('PUT', `/management/v1/projects/${projectId}`, {
        token: owner.token,
        body: { name: 'Renamed' },
        headers: { 'x-request-id': 'req-json-1' },
      });
      expect(response.status).to.equal(500);
      expect(response.headers.get('x-request-id')).to.equal('req-json-1');
    } finally {
      await service.dataSource.query('DROP TRIGGER fail_project_update');
    }
    const lines = linesOf('req-json-1');
    expect(lines.map((line) => line.msg)).to.deep.equal(['unexpected error', 'call']);
    expect(lines[1]).to.include({
      operation: 'UpdateProject',
      transport: 'json',
      status: 'INTERNAL',
    });

    await service.grpc(
      'identity.management.v1.ManagementService',
      'UpdateProject',
      { id: projectId, name: 'Over gRPC' },
      { token: owner.token, headers: { 'x-request-id': 'req-grpc-1' } },
    );
    expect(linesOf('req-grpc-1')).to.have.length(1);
    expect(linesOf('req-grpc-1')[0]).to.include({ transport: 'grpc', status: 'OK' });
  });

  it('replaces a request id that is not plausible with one of its own', async () => {
    const response = await service.call('PUT', '/auth/v1/users/me/profile', {
      token: owner.token,
      body: { firstName: 'A', lastName: 'B', displayName: 'A B' },
      headers: { 'x-request-id': 'x'.repeat(200) },
    });
    expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(linesOf(response.headers.get('x-request-id')!)).to.have.length(1);
  });

  it('counts calls by operation, transport and code, times them, and shows the outbox growing', async () => {
    const before = await scrape(service.api.url);
    const labels = { operation: 'ImportHumanUser', transport: 'json', code: 'OK' };
    for (let i = 0; i < 3; i++) {
      const response = await service.importUser(
        {
          userName: `metrics-${i}`,
          profile: { firstName: 'M', lastName: 'X' },
          email: { email: `m${i}@example.com`, isEmailVerified: true },
        },
        { token: owner.token },
      );
      expect(response.status).to.equal(200);
    }
    await service.grpc('identity.auth.v1.AuthService', 'UpdateMyProfile', {}, { token: 'bad' });
    const after = await scrape(service.api.url);

    expect(
      sample(after, 'identity_requests_total', labels) -
        sample(before, 'identity_requests_total', labels),
    ).to.equal(3);
    expect(
      sample(after, 'identity_request_duration_seconds_count', labels) -
        sample(before, 'identity_request_duration_seconds_count', labels),
    ).to.equal(3);
    expect(
      sample(after, 'identity_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).to.equal(sample(after, 'identity_request_duration_seconds_count', labels));
    const unauthenticated = {
      operation: 'UpdateMyProfile',
      transport: 'grpc',
      code: 'UNAUTHENTICATED',
    };
    expect(sample(after, 'identity_requests_total', unauthenticated)).to.be.greaterThan(
      sample(before, 'identity_requests_total', unauthenticated),
    );
    // No relay runs here: each import's events wait in the outbox.
    expect(sample(after, 'identity_outbox_unpublished_events')).to.be.at.least(
      sample(before, 'identity_outbox_unpublished_events') + 3,
    );
    expect(sample(after, 'identity_outbox_oldest_unpublished_age_seconds')).to.be.above(0);
    expect(sample(after, 'nodejs_eventloop_lag_seconds')).to.be.at.least(0);
  });

  it('is alive at /healthz, and ready at /readyz only while the database answers', async () => {
    expect((await fetch(`${service.api.url}/healthz`)).status).to.equal(200);
    const ready = await fetch(`${service.api.url}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.include({ status: 'SERVING' });

    const port = proxy.port;
    await proxy.cut();
    const down = await fetch(`${service.api.url}/readyz`);
    expect(down.status).to.equal(503);
    const report = (await down.json()) as { status: string; checks: Record<string, string> };
    expect(report.status).to.equal('NOT_SERVING');
    expect(report.checks).to.include({ database: 'failing', redis: 'ok' });
    expect((await fetch(`${service.api.url}/healthz`)).status).to.equal(200);
    // The scrape still answers; the gauges that read the database keep their last values.
    const during = await scrape(service.api.url);
    expect(during.some((s) => s.name === 'identity_requests_total')).to.equal(true);

    proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.start(port);
    const back = await pollUntil(
      async () => (await fetch(`${service.api.url}/readyz`)).status,
      (status) => status === 200,
      4000,
    );
    expect(back).to.equal(200);
  });
});

describe('rate limits per caller', () => {
  let service: TestService;

  before(async () => {
    service = await TestService.start({
      RATE_LIMIT_REQUESTS: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  after(() => service.close());

  const profile = { firstName: 'R', lastName: 'L', displayName: 'R L' };

  it('answers the call over the limit with 429, Retry-After and RetryInfo, and leaves other callers alone', async () => {
    const first = await buildOwner(service);
    const second = await buildOwner(service);
    for (let i = 0; i < 3; i++) {
      expect((await service.updateMyProfile(profile, { token: first.token })).status).to.equal(200);
    }
    const limited = await service.updateMyProfile(profile, { token: first.token });
    expect(limited.status).to.equal(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(limited.body.code).to.equal(8);
    expect(limited.body.details).to.deep.include({
      '@type': 'type.googleapis.com/google.rpc.RetryInfo',
      retryDelay: `${retryAfter}s`,
    });
    expect(limited.body.details.at(-1)).to.include({ id: 'RATE-LIMITED' });

    const overGrpc = await service.grpc(
      'identity.auth.v1.AuthService',
      'UpdateMyProfile',
      profile,
      {
        token: first.token,
      },
    );
    expect(overGrpc.code).to.equal(8);
    expect(overGrpc.details.map((detail) => detail['@type'])).to.include(
      'type.googleapis.com/google.rpc.RetryInfo',
    );

    expect((await service.updateMyProfile(profile, { token: second.token })).status).to.equal(200);
  });

  it('counts one caller across API instances through Redis', async () => {
    const caller = await buildOwner(service);
    const second = await startApi(
      { dataSource: service.dataSource, config: service.config, logger: createLogger('silent') },
      await loadVerificationKeys(service.config.auth),
      0,
      0,
    );
    try {
      const statuses: number[] = [];
      for (const url of [service.api.url, second.url, service.api.url, second.url]) {
        const response = await fetch(`${url}/auth/v1/users/me/profile`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(profile),
        });
        statuses.push(response.status);
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });
});
