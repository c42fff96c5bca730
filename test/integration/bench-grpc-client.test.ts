import { expect } from 'chai';
import { GrpcConnection } from '../../bench/grpc-client.js';
import { User } from '../../shared/db/entities/index.js';
import { loadProtoRoot } from '../../services/api/transports/grpc/proto-files.js';
import { dataFrame } from '../../services/api/transports/grpc-web/grpc-web-framing.js';
import { buildOwner } from '../support/factories.js';
import { TestService } from '../support/test-service.js';

const PROFILE = '/identity.auth.v1.AuthService/UpdateMyProfile';
const profileType = loadProtoRoot().lookupType('identity.auth.v1.UpdateMyProfileRequest');
const profile = (fields: Record<string, unknown>) =>
  dataFrame(profileType.encode(profileType.fromObject(fields)).finish());

/**
 * The bench's own gRPC client (bench/grpc-client.ts) frames HTTP/2 itself, so the figures it
 * gives rest on it reading the service's answers right: an OK is counted as one, and a refusal,
 * in the trailers or trailers-only, is not.
 */
describe('The bench gRPC client against the gRPC server', function () {
  this.timeout(60_000);
  let service: TestService;
  let token: string;
  let userId: string;
  let connection: GrpcConnection;

  before(async () => {
    service = await TestService.start();
    ({ token, userId } = await buildOwner(service));
    connection = await GrpcConnection.open(service.api.grpcAddress);
  });
  after(async () => {
    connection.close();
    await service.close();
  });

  it('counts an accepted call as OK and the change is stored', async () => {
    expect(connection.takeMeanTrailersWaitMs(), 'before any answer').to.equal(undefined);
    const ok = await connection.call(
      PROFILE,
      `Bearer ${token}`,
      profile({
        firstName: 'Grace',
        lastName: 'Hopper',
        nickName: 'amazing',
        displayName: 'Grace',
      }),
    );
    expect(ok).to.equal(true);
    const stored = await service.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    expect(stored).to.include({ firstName: 'Grace', nickName: 'amazing' });
    // The answer had a message, then trailers: how long after the one the other came.
    expect(connection.takeMeanTrailersWaitMs()).to.be.a('number').and.at.least(0);
    expect(connection.takeMeanTrailersWaitMs(), 'once taken').to.equal(undefined);
  });

  it('counts an unauthenticated call and an invalid request as failures', async () => {
    const valid = profile({ firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada' });
    expect(await connection.call(PROFILE, 'Bearer not-a-token', valid)).to.equal(false);
    expect(await connection.call(PROFILE, `Bearer ${token}`, profile({}))).to.equal(false);
    expect(
      await connection.call('/identity.auth.v1.AuthService/Nothing', `Bearer ${token}`, valid),
    ).to.equal(false);
  });

  it('carries 500 calls at once over the one connection, each answered', async () => {
    const calls = Array.from({ length: 500 }, (_, index) =>
      connection.call(
        PROFILE,
        // Every fifth call is refused, so answers cannot be counted by arrival alone.
        index % 5 === 0 ? 'Bearer not-a-token' : `Bearer ${token}`,
        profile({ firstName: `Name${index}`, lastName: 'Loop', displayName: 'Loop' }),
      ),
    );
    const answers = await Promise.all(calls);
    answers.forEach((ok, index) => expect(ok, `call ${index}`).to.equal(index % 5 !== 0));
  });
});
