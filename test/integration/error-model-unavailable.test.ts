import { expect } from 'chai';
import { expectServiceError } from '../support/service-error.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { TcpProxy } from '../support/tcp-proxy.js';

describe('the error model when the database is unreachable', () => {
  let proxy: TcpProxy;
  let service: TestService;
  let owner: { orgId: string; token: string };

  before(async () => {
    proxy = new TcpProxy('127.0.0.1', 3306);
    service = await TestService.start({}, await proxy.start());
    owner = await buildOwner(service);
  });
  after(async () => {
    await proxy.cut();
    await service.close();
  });

  it('answers UNAVAILABLE (503) promptly for every operation, and works again when it is back', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Reachable' }))
      .projectId;
    const port = proxy.port;
    await proxy.cut();
    const started = Date.now();
    const responses = await Promise.all([
      service.importUser(
        {
          userName: 'offline',
          profile: { firstName: 'Ada', lastName: 'Lovelace' },
          email: { email: 'ada@example.com' },
        },
        { token: owner.token },
      ),
      service.updateMyProfile(
        { firstName: 'A', lastName: 'B', displayName: 'A B' },
        { token: owner.token },
      ),
      service.updateProject(projectId, { name: 'Renamed' }, { token: owner.token }),
    ]);
    for (const response of responses)
      expectServiceError(response, { status: 503, code: 14, id: 'SERVICE-UNAVAILABLE' });
    expect(Date.now() - started).to.be.below(15_000);

    proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.start(port);
    let back: ApiResponse | undefined;
    for (let attempt = 0; attempt < 20 && back?.status !== 200; attempt++) {
      back = await service.updateProject(projectId, { name: 'Renamed' }, { token: owner.token });
    }
    expect(back!.status).to.equal(200);
  });
});
