import { expect } from 'chai';
import { runCampaign, type CampaignResult } from '../fuzz/fuzz-campaign.js';
import { createFuzzFixtures, type FuzzFixtures } from '../fuzz/fuzz-fixtures.js';
import { campaignReport, passed } from '../fuzz/fuzz-report.js';
import { snapshotStore, unexplainedChanges } from '../fuzz/stored-state.js';
import { TestService } from '../support/test-service.js';
import { buildIdp, buildMember, buildUser } from '../support/factories.js';

/**
 * A few hundred requests of the fuzz campaign (test/fuzz/, `npm run fuzz` for long runs) over
 * JSON, gRPC and gRPC-web: valid calls bent every way, arbitrary bodies, messages, framing,
 * headers and paths. A random seed each run, printed on failure with the command that replays
 * each failing request; FUZZ_SEED fixes it.
 */
const REQUESTS = 300;
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (Math.random() * 2 ** 31)) | 0;

describe('fuzzing every transport', function () {
  // Bounded by the request count, not by time: a few seconds here, the default is for one call.
  this.timeout(120_000);
  let service: TestService;
  let fixtures: FuzzFixtures;
  let result: CampaignResult;

  before(async () => {
    service = await TestService.start();
    fixtures = await createFuzzFixtures(service);
    result = await runCampaign(
      {
        httpUrl: service.api.url,
        grpcAddress: service.api.grpcAddress,
        db: service.dataSource,
        fixtures,
        bodyLimit: service.config.requestBodyLimit,
      },
      { seed: SEED, from: 0, requests: REQUESTS, batchSize: 100, concurrency: 8 },
    );
  });
  after(() => service.close());

  it(`sends ${REQUESTS} requests across the three transports`, () => {
    expect(result.requests).to.equal(REQUESTS);
    for (const count of Object.values(result.perTransport))
      expect(count).to.be.greaterThan(REQUESTS / 5);
    expect(result.unsendable, 'requests the generators made that no client can send').to.equal(0);
  });

  it('answers every request in time, without a 5xx, INTERNAL or UNKNOWN, in the documented shape, refusing what is over the limit; stores nothing refused; still answers valid calls', () => {
    expect(passed(result), campaignReport(result)).to.equal(true);
  });

  it('would notice what a refused request stored: a user, its events, a changed row', async () => {
    const before = await snapshotStore(service.dataSource, fixtures);
    const { userId } = await buildMember(service, { orgId: fixtures.orgId });
    // The owner's row: the campaign may have removed a project, never the owner (who cannot
    // remove themselves).
    await service.dataSource.query("UPDATE users SET first_name = 'changed' WHERE id = ?", [
      fixtures.owner.userId,
    ]);
    const none = { userIds: new Set<string>(), sequences: new Set<string>(), unanswered: 0 };
    const problems = (await unexplainedChanges(service.dataSource, fixtures, before, none)).join(
      '\n',
    );
    expect(problems).to.include('users: 1 added, 0 imports accepted');
    expect(problems).to.include(`user.human.added of ${userId}`);
    expect(problems).to.include(`row ${fixtures.owner.userId} changed`);
  });

  it("takes a removed provider's links for its accepted DeleteProvider, and only for it", async () => {
    const { idpId } = await buildIdp(service, { orgId: fixtures.orgId });
    const linked = [];
    for (const externalUserId of ['first', 'second'])
      linked.push(
        await buildUser(service, {
          orgId: fixtures.orgId,
          idps: [{ configId: idpId, externalUserId, displayName: externalUserId }],
        }),
      );
    const before = await snapshotStore(service.dataSource, fixtures);
    const removed = await service.call('DELETE', `/management/v1/idps/templates/${idpId}`, {
      token: fixtures.owner.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
    const answered = {
      userIds: new Set<string>(),
      sequences: new Set([String(removed.body.details.sequence)]),
      unanswered: 0,
    };
    expect(await unexplainedChanges(service.dataSource, fixtures, before, answered)).to.deep.equal(
      [],
    );
    const none = { ...answered, sequences: new Set<string>() };
    const problems = (await unexplainedChanges(service.dataSource, fixtures, before, none)).join(
      '\n',
    );
    expect(problems).to.include('idp_configs: -1 added, 0 accepted');
    for (const { userId } of linked)
      expect(problems).to.include(`user.idp.link.removed of ${userId}`);
  });
});
