import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner } from '../support/factories.js';
import { IDPS, oidcProvider } from '../support/identity-providers.js';
import { minimalImport } from '../support/requests.js';
import type { ApiResponse } from '../support/test-service.js';

const BATCH = '/management/v1/users/human/_import-batch';

/**
 * ImportHumanUser's and ImportHumanUsers' `idps` (issue 43): the organization's providers and
 * the instance's, as AddUserIDPLink takes them; another organization's is IDP-CONFIG-NOT-FOUND.
 * An import and a DeleteProvider at the same moment: each import is made before the removal
 * (and its links go with the provider, an event on each user) or refused IDP-CONFIG-NOT-FOUND,
 * never a server error, and no link is left.
 */
describeOnEachDatabase('Imports linking instance providers', (service) => {
  const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
  const errorId = (response: ApiResponse) => response.body.details?.at(-1)?.id;
  const linksOf = async (userId: string) =>
    (
      (await service.dataSource.query(
        'SELECT config_id AS configId FROM user_idp_links WHERE user_id = ?',
        [userId],
      )) as { configId: string }[]
    ).map((link) => link.configId);

  /** A provider of the instance, added by an instance owner; its id and the owner's token. */
  async function instanceProvider(): Promise<{ id: string; adminToken: string }> {
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const added = await service.call('POST', `${IDPS.instance}/generic_oidc`, {
      token: admin.token,
      body: oidcProvider({ name: unique('Instance SSO') }),
    });
    expect(added.status, added.text).to.equal(200);
    return { id: added.body.id, adminToken: admin.token };
  }

  it("links the instance's providers and the organization's, one user or a batch", async () => {
    const owner = await buildOwner(service);
    const { id: instanceIdp } = await instanceProvider();
    const own = await service.call('POST', `${IDPS.org}/generic_oidc`, {
      token: owner.token,
      body: oidcProvider(),
    });
    const other = await buildOwner(service);
    const foreign = await service.call('POST', `${IDPS.org}/generic_oidc`, {
      token: other.token,
      body: oidcProvider(),
    });
    const idps = [
      { configId: instanceIdp, externalUserId: unique('one') },
      { configId: own.body.id, externalUserId: unique('two') },
    ];
    const single = await service.importUser(
      { ...minimalImport(unique('single')), idps },
      { token: owner.token },
    );
    expect(single.status, single.text).to.equal(200);
    expect((await linksOf(single.body.userId)).sort()).to.deep.equal(
      [instanceIdp, own.body.id].sort(),
    );

    const batch = await service.call('POST', BATCH, {
      token: owner.token,
      body: {
        users: [
          {
            ...minimalImport(unique('batched')),
            idps: [{ configId: instanceIdp, externalUserId: unique('three') }],
          },
          {
            ...minimalImport(unique('foreign')),
            idps: [{ configId: foreign.body.id, externalUserId: unique('four') }],
          },
        ],
      },
    });
    expect(batch.status, batch.text).to.equal(200);
    const [made, refused] = batch.body.results;
    expect(await linksOf(made.userId)).to.deep.equal([instanceIdp]);
    expect(refused.error.id).to.equal('IDP-CONFIG-NOT-FOUND');
    expect(refused.error.message).to.equal(
      'no identity provider of the organization or of the instance matches idps[0].configId',
    );
  });

  it('imports while the provider is removed: each made before (its links removed with it) or refused, none left', async () => {
    const owner = await buildOwner(service);
    const { id, adminToken } = await instanceProvider();
    const single = (at: number) =>
      service.importUser(
        {
          ...minimalImport(unique(`racer-${at}`)),
          idps: [{ configId: id, externalUserId: `r${at}` }],
        },
        { token: owner.token },
      );
    const batch = (at: number) =>
      service.call('POST', BATCH, {
        token: owner.token,
        body: {
          users: [0, 1].map((n) => ({
            ...minimalImport(unique(`batch-${at}-${n}`)),
            idps: [{ configId: id, externalUserId: `b${at}-${n}` }],
          })),
        },
      });
    // Some made already, so that the removal has links to take while others are imported.
    expect((await single(0)).status).to.equal(200);
    const importing = [1, 2, 3, 4].flatMap((at) => [single(at), batch(at)]);
    const [removed, ...imported] = await Promise.all([
      service.call('DELETE', `${IDPS.instance}/templates/${id}`, { token: adminToken }),
      ...importing,
    ]);
    expect(removed!.status, removed!.text).to.equal(200);
    const userIds: string[] = [];
    for (const response of imported) {
      expect(response.status, response.text).to.be.oneOf([200, 400]);
      if (response.status === 400) {
        expect(errorId(response), response.text).to.equal('IDP-CONFIG-NOT-FOUND');
        continue;
      }
      const results = response.body.results ?? [response.body];
      for (const result of results) {
        if (result.error) expect(result.error.id, response.text).to.equal('IDP-CONFIG-NOT-FOUND');
        else userIds.push(result.userId);
      }
    }
    expect(await service.count('user_idp_links', 'config_id = ?', [id])).to.equal(0);
    // Every user made was linked, and its link's removal is recorded on it.
    for (const userId of userIds) {
      const types = (await service.events(userId)).map((event) => event.type);
      expect(
        types.filter((type) => type === 'user.idp.link.added'),
        userId,
      ).to.have.length(1);
      expect(
        types.filter((type) => type === 'user.idp.link.removed'),
        userId,
      ).to.have.length(1);
    }
  });
});
