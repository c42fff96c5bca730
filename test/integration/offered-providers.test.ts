import { expect } from 'chai';
import { LoginPolicy } from '../../shared/db/entities/index.js';
import { offeredProviders } from '../../services/api/accounts/login-policies.js';
import { PROFILE_PAGE_CLIENT_ID } from '../../services/api/oidc/clients.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg, buildOwner, buildProject } from '../support/factories.js';
import {
  addProvider,
  INSTANCE_DEFAULT,
  offerProvider,
  setProviderState,
} from '../support/identity-providers.js';

/**
 * Which providers a client's sign-in offers (issue 43): its project's organization's login
 * policy, else the instance default, else none; only active, configured providers, and none
 * when the policy does not allow external providers.
 */
describeOnEachDatabase('the providers a sign-in offers (accounts/login-policies.ts)', (service) => {
  let instanceIdp: string;
  let defaultOnly: string;

  before(async () => {
    const admins = await buildOrg(service);
    instanceIdp = await addProvider(service, { orgId: admins.orgId, ownerType: 'instance' });
    defaultOnly = await addProvider(service, { orgId: admins.orgId, ownerType: 'instance' });
    await offerProvider(service, INSTANCE_DEFAULT, defaultOnly);
    // An organization's provider in the default: not the default's to offer.
    const foreign = await addProvider(service, { orgId: admins.orgId });
    await offerProvider(service, INSTANCE_DEFAULT, foreign);
  });

  /** A client of an application of a new project of `orgId`. */
  async function applicationOf(orgId?: string): Promise<{ clientId: string; orgId: string }> {
    const owner = await buildOwner(service, orgId ? { orgId } : {});
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const app = await service.call('POST', `/management/v1/projects/${projectId}/apps/oidc`, {
      token: owner.token,
      body: { name: 'App', redirectUris: ['https://app.example/callback'] },
    });
    expect(app.status, app.text).to.equal(200);
    return { clientId: app.body.clientId, orgId: owner.orgId };
  }

  const offered = async (clientId: string) =>
    (await offeredProviders(service.dataSource, clientId)).map((idp) => idp.id);

  it('follows the instance default where the organization has no policy, and for a client of no project', async () => {
    const { clientId } = await applicationOf();
    expect(await offered(clientId)).to.deep.equal([defaultOnly]);
    expect(await offered(PROFILE_PAGE_CLIENT_ID)).to.deep.equal([defaultOnly]);
  });

  it('follows the organization’s own policy: its providers and the instance’s, no other organization’s', async () => {
    const { clientId, orgId } = await applicationOf();
    const own = await addProvider(service, { orgId });
    const other = await buildOrg(service);
    const othersIdp = await addProvider(service, { orgId: other.orgId });
    await offerProvider(service, orgId, own);
    await offerProvider(service, orgId, othersIdp);
    await offerProvider(service, orgId, instanceIdp);
    expect(await offered(clientId)).to.have.members([own, instanceIdp]);
  });

  it('offers only active, configured providers, and none when external providers are off', async () => {
    const { clientId, orgId } = await applicationOf();
    const active = await addProvider(service, { orgId, type: 'oauth' });
    const inactive = await addProvider(service, { orgId });
    const unconfigured = await addProvider(service, { orgId, type: 'unconfigured' });
    for (const idp of [active, inactive, unconfigured]) await offerProvider(service, orgId, idp);
    await setProviderState(service, inactive, 'inactive');
    expect(await offered(clientId)).to.deep.equal([active]);
    await service.dataSource
      .getRepository(LoginPolicy)
      .update({ ownerId: orgId }, { allowExternalIdp: false });
    expect(await offered(clientId)).to.deep.equal([]);
  });

  it('offers none under the built-in policy: no default row', async () => {
    await service.dataSource.getRepository(LoginPolicy).delete({ ownerId: INSTANCE_DEFAULT });
    const { clientId } = await applicationOf();
    expect(await offered(clientId)).to.deep.equal([]);
  });
});
