import { expect } from 'chai';
import { offeredProviders } from '../../services/api/accounts/login-policies.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildProject } from '../support/factories.js';
import { IDPS, oidcProvider } from '../support/identity-providers.js';
import type { ApiResponse } from '../support/test-service.js';

/**
 * Deactivating and reactivating an identity provider (issue 43): ZITADEL's DeactivateOrgIDP and
 * ReactivateOrgIDP for an organization's, DeactivateIDP and ReactivateIDP for the instance's.
 * The row's state and the provider's event change together; GetProviderByID answers the state;
 * no sign-in offers an inactive provider, and it is offered again once reactivated; a provider in
 * that state already, a stale If-Match and a provider the service does not reach change nothing.
 */
describeOnEachDatabase('Identity providers: deactivated and reactivated', (service) => {
  const errorId = (response: ApiResponse) => response.body.details?.at(-1)?.id;
  const stateOf = async (id: string) =>
    (
      (await service.dataSource.query('SELECT state FROM idp_configs WHERE id = ?', [id])) as {
        state: string;
      }[]
    )[0]?.state;
  const eventTypes = async (id: string) => (await service.events(id)).map((event) => event.type);

  /** A client of a new project of `orgId`: the sign-in that follows the organization's policy. */
  async function clientOf(token: string, orgId: string): Promise<string> {
    const { projectId } = await buildProject(service, { orgId });
    const app = await service.call('POST', `/management/v1/projects/${projectId}/apps/oidc`, {
      token,
      body: { name: 'App', redirectUris: ['https://app.example/callback'] },
    });
    expect(app.status, app.text).to.equal(200);
    return app.body.clientId as string;
  }

  it("an organization's provider: deactivated, offered by no sign-in, refused twice, reactivated", async () => {
    const owner = await buildOwner(service);
    const added = await service.call('POST', `${IDPS.org}/generic_oidc`, {
      token: owner.token,
      body: oidcProvider(),
    });
    const id = added.body.id as string;
    const offer = await service.call('POST', '/management/v1/policies/login/idps', {
      token: owner.token,
      body: { idpId: id, ownerType: 'IDP_OWNER_TYPE_ORG' },
    });
    expect(offer.status, offer.text).to.equal(200);
    const clientId = await clientOf(owner.token, owner.orgId);
    const offered = async () =>
      (await offeredProviders(service.dataSource, clientId)).map((p) => p.id);
    expect(await offered()).to.deep.equal([id]);
    const read = async () =>
      service.call('GET', `${IDPS.org}/templates/${id}`, { token: owner.token });
    const etag = (await read()).headers.get('etag')!;

    const call = (verb: string, headers: Record<string, string> = {}) =>
      service.call('POST', `${IDPS.org}/${id}/${verb}`, { token: owner.token, body: {}, headers });
    const deactivated = await call('_deactivate', { 'if-match': etag });
    expect(deactivated.status, deactivated.text).to.equal(200);
    expect(deactivated.body.details.resourceOwner).to.equal(owner.orgId);
    expect(await stateOf(id)).to.equal('inactive');
    const got = await read();
    expect(got.body.idp.state).to.equal('IDP_STATE_INACTIVE');
    expect(got.headers.get('etag')).to.equal(`"${deactivated.body.details.sequence}"`);
    expect(await offered()).to.deep.equal([]);
    // Its place in the login policy stays: reactivated, it is offered again.
    const listed = await service.call('POST', '/management/v1/policies/login/idps/_search', {
      token: owner.token,
      body: {},
    });
    expect(listed.body.result.map((entry: { idpId: string }) => entry.idpId)).to.deep.equal([id]);

    const events = await service.count('events');
    const again = await call('_deactivate');
    expect(again.status, again.text).to.equal(400);
    expect(errorId(again)).to.equal('IDP-NOT-ACTIVE');
    const stale = await call('_reactivate', { 'if-match': etag });
    expect(stale.status, stale.text).to.equal(412);
    expect(errorId(stale)).to.equal('RESOURCE-CHANGED');
    expect(await stateOf(id)).to.equal('inactive');
    expect(await service.count('events')).to.equal(events);

    const reactivated = await call('_reactivate', { 'if-match': got.headers.get('etag')! });
    expect(reactivated.status, reactivated.text).to.equal(200);
    expect(await stateOf(id)).to.equal('active');
    expect((await read()).body.idp.state).to.equal('IDP_STATE_ACTIVE');
    expect(await offered()).to.deep.equal([id]);
    const twice = await call('_reactivate');
    expect(twice.status, twice.text).to.equal(400);
    expect(errorId(twice)).to.equal('IDP-NOT-INACTIVE');
    expect(await eventTypes(id)).to.deep.equal([
      'idp.config.added',
      'idp.config.deactivated',
      'idp.config.reactivated',
    ]);
  });

  it("the instance's providers: the instance owner's through AdminService, no organization's", async () => {
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const added = await service.call('POST', `${IDPS.instance}/generic_oidc`, {
      token: admin.token,
      body: oidcProvider({ name: 'Instance SSO' }),
    });
    const id = added.body.id as string;
    const owner = await buildOwner(service);
    // An organization reads the instance's providers, but changes none.
    const byOrg = await service.call('POST', `${IDPS.org}/${id}/_deactivate`, {
      token: owner.token,
      body: {},
    });
    expect(byOrg.status, byOrg.text).to.equal(404);
    expect(errorId(byOrg)).to.equal('IDP-NOT-FOUND');
    const deactivated = await service.call('POST', `${IDPS.instance}/${id}/_deactivate`, {
      token: admin.token,
      body: {},
    });
    expect(deactivated.status, deactivated.text).to.equal(200);
    expect(deactivated.body.details.resourceOwner).to.equal('instance');
    const seen = await service.call('GET', `${IDPS.org}/templates/${id}`, { token: owner.token });
    expect(seen.body.idp.state).to.equal('IDP_STATE_INACTIVE');
    // An organization's provider is not the AdminService's to reach.
    const orgIdp = await service.call('POST', `${IDPS.org}/generic_oidc`, {
      token: owner.token,
      body: oidcProvider(),
    });
    const notReached = await service.call(
      'POST',
      `${IDPS.instance}/${orgIdp.body.id}/_deactivate`,
      {
        token: admin.token,
        body: {},
      },
    );
    expect(notReached.status, notReached.text).to.equal(404);
    expect(await stateOf(orgIdp.body.id)).to.equal('active');
    const reactivated = await service.call('POST', `${IDPS.instance}/${id}/_reactivate`, {
      token: admin.token,
      body: {},
    });
    expect(reactivated.status, reactivated.text).to.equal(200);
    expect(await stateOf(id)).to.equal('active');
    const events = await service.events(id);
    expect(events.map((event) => [event.type, event.orgId])).to.deep.equal([
      ['idp.config.added', 'instance'],
      ['idp.config.deactivated', 'instance'],
      ['idp.config.reactivated', 'instance'],
    ]);
  });
});
