import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, type BuiltMember } from '../support/factories.js';
import { buildProvider } from '../support/login-policy-providers.js';
import { publishedAsRecorded } from '../support/published-events.js';
import { expectErrorOf } from '../support/service-error.js';
import type { ApiResponse } from '../support/service-client.js';
import type { TopicReader } from '../support/topic-reader.js';

const BUILT_IN = { allowUsernamePassword: true, allowExternalIdp: true };

/**
 * The login policies (issue 43): an organization's own, the instance default it follows without
 * one, the built-in default behind both; the providers each offers; the copy an organization's
 * first change makes; If-Match; the events on the organization and on the instance.
 */
describeOnEachDatabase(
  'login policies: the instance default, an organization’s own, the providers they offer',
  (service) => {
    let admin: BuiltMember;
    let owner: BuiltMember;
    let stranger: BuiltMember;
    /** Providers: the owner's organization's (two), another's, the instance's (two). */
    const idp = {} as Record<'own' | 'ownUnconfigured' | 'foreign' | 'shared' | 'inactive', string>;
    let reader: TopicReader;

    before(async () => {
      admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      owner = await buildOwner(service);
      stranger = await buildOwner(service);
      idp.own = await buildProvider(service, { orgId: owner.orgId, name: 'Own OIDC' });
      idp.ownUnconfigured = await buildProvider(service, {
        orgId: owner.orgId,
        type: 'unconfigured',
        name: 'Imported',
      });
      idp.foreign = await buildProvider(service, { orgId: stranger.orgId });
      const instance = { orgId: admin.orgId, ownerType: 'instance' as const };
      idp.shared = await buildProvider(service, { ...instance, type: 'oauth', name: 'GitHub' });
      idp.inactive = await buildProvider(service, { ...instance, state: 'inactive' });
      await service.startRelay();
      reader = await service.readTopics();
    });
    after(() => reader?.stop());

    const call = (
      caller: BuiltMember,
      method: string,
      path: string,
      body?: object,
      ifMatch?: string,
    ) =>
      service.call(method, path, {
        token: caller.token,
        ...(body && { body }),
        ...(ifMatch && { headers: { 'if-match': ifMatch } }),
      });
    const org = (caller: BuiltMember, method: string, path = '', body?: object, ifMatch?: string) =>
      call(caller, method, `/management/v1/policies/login${path}`, body, ifMatch);
    const instance = (method: string, path = '', body?: object, ifMatch?: string) =>
      call(admin, method, `/admin/v1/policies/login${path}`, body, ifMatch);
    const ok = (response: ApiResponse) => {
      expect(response.status, response.text).to.equal(200);
      return response.body;
    };
    const link = (idpId: string) => {
      const fields = {
        [idp.own]: ['Own OIDC', 'IDP_TYPE_OIDC', 'IDP_OWNER_TYPE_ORG'],
        [idp.ownUnconfigured]: ['Imported', 'IDP_TYPE_UNSPECIFIED', 'IDP_OWNER_TYPE_ORG'],
        [idp.shared]: ['GitHub', 'IDP_TYPE_OAUTH', 'IDP_OWNER_TYPE_SYSTEM'],
      }[idpId]!;
      const [idpName, idpType, ownerType] = fields;
      return { idpId, idpName, idpType, ownerType };
    };
    const links = (...ids: string[]) => ids.sort().map(link);
    const eventsOf = async (aggregateId: string, after = '0') =>
      (await service.events(aggregateId))
        .filter((event) => BigInt(event.position) > BigInt(after))
        .map(({ type, payload }) => ({ type, payload }));
    const lastPosition = async (aggregateId: string) =>
      (await service.events(aggregateId)).at(-1)?.position ?? '0';

    it('answers the built-in default while no one changed it, with the ETag of nothing changed', async () => {
      const read = await instance('GET');
      expect(ok(read)).to.deep.equal({
        policy: {
          ...BUILT_IN,
          isDefault: true,
          idps: [],
          details: { sequence: '0', resourceOwner: 'instance' },
        },
      });
      expect(read.headers.get('etag')).to.equal('"0"');
      expect(ok(await call(owner, 'GET', '/management/v1/policies/default/login'))).to.deep.equal(
        read.body,
      );
      expect(ok(await org(owner, 'GET'))).to.deep.equal({ ...read.body, isDefault: true });
      for (const list of [
        instance('POST', '/idps/_search', {}),
        org(owner, 'POST', '/idps/_search', {}),
      ])
        expect(ok(await list)).to.deep.include({ result: [] });
      // Its own flags again change nothing and record nothing.
      const same = ok(await instance('PUT', '', BUILT_IN, '"0"'));
      expect(same.details).to.deep.include({ sequence: '0', resourceOwner: 'instance' });
      expect(await service.count('login_policies')).to.equal(0);
    });

    it('changes the instance default under its If-Match, offering the instance’s providers alone', async () => {
      const before = await lastPosition('instance');
      expectErrorOf(await instance('POST', '/idps', { idpId: idp.own }), 'IDP-NOT-FOUND');
      expectErrorOf(await instance('POST', '/idps', { idpId: 'no-such-idp' }), 'IDP-NOT-FOUND');
      expectErrorOf(
        await instance('POST', '/idps', { idpId: idp.shared }, '"-1"'),
        'RESOURCE-CHANGED',
      );
      const added = ok(await instance('POST', '/idps', { idpId: idp.shared }, '"0"'));
      expectErrorOf(
        await instance('POST', '/idps', { idpId: idp.shared }),
        'LOGIN-POLICY-IDP-ALREADY-EXISTS',
      );
      expectErrorOf(
        await instance('DELETE', `/idps/${idp.inactive}`),
        'LOGIN-POLICY-IDP-NOT-FOUND',
      );
      const read = await instance('GET');
      expect(ok(read).policy).to.deep.include({
        ...BUILT_IN,
        isDefault: true,
        idps: links(idp.shared),
      });
      expect(read.body.policy.details).to.deep.include({
        sequence: added.details.sequence,
        resourceOwner: 'instance',
      });
      expect(read.headers.get('etag')).to.equal(`"${added.details.sequence}"`);

      const flags = { allowUsernamePassword: false, allowExternalIdp: true };
      expectErrorOf(await instance('PUT', '', flags, '"0"'), 'RESOURCE-CHANGED');
      const changed = ok(await instance('PUT', '', flags, read.headers.get('etag')!));
      // The default label policy's events share the instance's numbering with these.
      ok(
        await service.call('PUT', '/management/v1/policies/label/default', {
          token: admin.token,
          body: { primaryColor: '#123456' },
        }),
      );
      const recorded = await eventsOf('instance', before);
      expect(recorded.map((event) => event.type)).to.deep.equal([
        'instance.login.policy.idp.added',
        'instance.login.policy.changed',
        'instance.label.policy.changed',
      ]);
      expect(recorded.slice(0, 2).map((event) => event.payload)).to.deep.equal([
        { idpId: idp.shared, ownerType: 'instance' },
        flags,
      ]);
      const versions = (await service.events('instance')).map((event) => event.aggregateVersion);
      expect(versions).to.deep.equal(versions.map((_, index) => index + 1));
      const followed = ok(await org(owner, 'GET'));
      expect(followed.isDefault).to.equal(true);
      expect(followed.policy).to.deep.include({ ...flags, idps: links(idp.shared) });
      expect(followed.policy.details.sequence).to.equal(changed.details.sequence);
      expect(ok(await org(owner, 'POST', '/idps/_search', {})).result).to.deep.equal(
        links(idp.shared),
      );
    });

    it('makes an organization’s own policy at its first change, a copy of the default, which it then keeps', async () => {
      const before = await lastPosition(owner.orgId);
      const defaults = ok(await instance('GET')).policy;
      const added = ok(
        await org(owner, 'POST', '/idps', { idpId: idp.own, ownerType: 'IDP_OWNER_TYPE_ORG' }),
      );
      expect(added.details).to.include({ resourceOwner: owner.orgId });
      expect(added.details).to.have.property('creationDate');
      expect(await eventsOf(owner.orgId, before)).to.deep.equal([
        {
          type: 'org.login.policy.added',
          payload: { allowUsernamePassword: false, allowExternalIdp: true, idpIds: [idp.shared] },
        },
        { type: 'org.login.policy.idp.added', payload: { idpId: idp.own, ownerType: 'org' } },
      ]);
      const own = ok(await org(owner, 'GET'));
      expect(own.isDefault).to.equal(false);
      expect(own.policy).to.deep.include({
        allowUsernamePassword: false,
        allowExternalIdp: true,
        isDefault: false,
        idps: links(idp.own, idp.shared),
      });
      expect(own.policy.details).to.deep.include({
        sequence: added.details.sequence,
        resourceOwner: owner.orgId,
      });
      // The default's later changes are not the organization's.
      const etag = (await instance('GET')).headers.get('etag')!;
      ok(await instance('PUT', '', { allowUsernamePassword: true }, etag));
      expect(ok(await org(owner, 'GET')).policy).to.deep.equal(own.policy);
      expect(ok(await instance('GET')).policy.idps).to.deep.equal(defaults.idps);
      expectErrorOf(await org(owner, 'POST', '', BUILT_IN), 'LOGIN-POLICY-ALREADY-EXISTS');
    });

    it('refuses the providers an organization’s policy may not offer, or offers already', async () => {
      const before = await service.count('events');
      const add = (body: object) => org(owner, 'POST', '/idps', body);
      expectErrorOf(await add({ idpId: idp.foreign }), 'IDP-NOT-FOUND');
      expectErrorOf(await add({ idpId: 'no-such-idp' }), 'IDP-NOT-FOUND');
      expectErrorOf(
        await add({ idpId: idp.ownUnconfigured, ownerType: 'IDP_OWNER_TYPE_SYSTEM' }),
        'IDP-NOT-FOUND',
      );
      expectErrorOf(
        await add({ idpId: idp.shared, ownerType: 'IDP_OWNER_TYPE_ORG' }),
        'IDP-NOT-FOUND',
      );
      expectErrorOf(await add({ idpId: idp.shared }), 'LOGIN-POLICY-IDP-ALREADY-EXISTS');
      expectErrorOf(
        await org(owner, 'DELETE', `/idps/${idp.inactive}`),
        'LOGIN-POLICY-IDP-NOT-FOUND',
      );
      expectErrorOf(
        await org(owner, 'PUT', '', { ...BUILT_IN, forceMfa: true }),
        'REQUEST-INVALID',
      );
      expectErrorOf(await add({}), 'REQUEST-INVALID');
      expect(await service.count('events')).to.equal(before);
      // Any provider of the organization, configured or not (the sign-in offers configured ones).
      ok(await add({ idpId: idp.ownUnconfigured, ownerType: 'IDP_OWNER_TYPE_UNSPECIFIED' }));
      ok(await add({ idpId: idp.inactive, ownerType: 'IDP_OWNER_TYPE_SYSTEM' }));
      ok(await org(owner, 'DELETE', `/idps/${idp.inactive}`));
      const listed = ok(
        await org(owner, 'POST', '/idps/_search', { query: { limit: 2, asc: true } }),
      );
      const all = links(idp.own, idp.ownUnconfigured, idp.shared);
      expect(listed.result).to.deep.equal(all.slice(0, 2));
      expect(listed.details.totalResult).to.equal('3');
      const next = ok(
        await org(owner, 'POST', '/idps/_search', {
          query: { limit: 2, asc: true, cursor: listed.details.nextCursor },
        }),
      );
      expect(next.result).to.deep.equal(all.slice(2));
    });

    it('changes an organization’s own flags under the organization’s If-Match, and resets it to the default', async () => {
      const flags = ok(await org(owner, 'GET')).policy;
      const same = {
        allowUsernamePassword: flags.allowUsernamePassword,
        allowExternalIdp: flags.allowExternalIdp,
      };
      const orgTag = async () =>
        (await service.call('GET', '/management/v1/orgs/me', { token: owner.token })).headers.get(
          'etag',
        )!;
      const before = await lastPosition(owner.orgId);
      const unchanged = ok(await org(owner, 'PUT', '', same, await orgTag()));
      expect(unchanged.details.sequence).to.equal(before);
      expectErrorOf(await org(owner, 'PUT', '', BUILT_IN, '"-1"'), 'RESOURCE-CHANGED');
      const changed = ok(await org(owner, 'PUT', '', {}, await orgTag()));
      expect(await orgTag()).to.equal(`"${changed.details.sequence}"`);
      ok(await org(owner, 'DELETE', `/idps/${idp.shared}`));
      expect(await eventsOf(owner.orgId, before)).to.deep.equal([
        {
          type: 'org.login.policy.changed',
          payload: { allowUsernamePassword: false, allowExternalIdp: false },
        },
        { type: 'org.login.policy.idp.removed', payload: { idpId: idp.shared } },
      ]);

      const reset = ok(await org(owner, 'DELETE', ''));
      expect((await eventsOf(owner.orgId, changed.details.sequence)).at(-1)).to.deep.equal({
        type: 'org.login.policy.removed',
        payload: {},
      });
      expect(await service.count('login_policies', 'owner_id = ?', [owner.orgId])).to.equal(0);
      expect(await service.count('login_policy_idps', 'owner_id = ?', [owner.orgId])).to.equal(0);
      const followed = ok(await org(owner, 'GET'));
      expect(followed).to.deep.equal({ policy: ok(await instance('GET')).policy, isDefault: true });
      // None to reset: nothing changes, the organization's details are answered.
      expect(ok(await org(owner, 'DELETE', '')).details.sequence).to.equal(reset.details.sequence);
      expect(await lastPosition(owner.orgId)).to.equal(reset.details.sequence);
    });

    it('makes an organization’s own policy by each first change: flags set, a provider taken away, added whole', async () => {
      const defaults = ok(await instance('GET')).policy;
      const copied = {
        allowUsernamePassword: defaults.allowUsernamePassword,
        allowExternalIdp: defaults.allowExternalIdp,
      };
      const before = await lastPosition(stranger.orgId);
      ok(await org(stranger, 'DELETE', `/idps/${idp.shared}`));
      expect(await eventsOf(stranger.orgId, before)).to.deep.equal([
        { type: 'org.login.policy.added', payload: { ...copied, idpIds: [idp.shared] } },
        { type: 'org.login.policy.idp.removed', payload: { idpId: idp.shared } },
      ]);
      expect(ok(await org(stranger, 'GET')).policy).to.deep.include({
        ...copied,
        idps: [],
        isDefault: false,
      });

      ok(await org(stranger, 'DELETE', ''));
      const reset = await lastPosition(stranger.orgId);
      ok(await org(stranger, 'POST', '', { allowExternalIdp: true }));
      expect(await eventsOf(stranger.orgId, reset)).to.deep.equal([
        {
          type: 'org.login.policy.added',
          payload: { allowUsernamePassword: false, allowExternalIdp: true, idpIds: [idp.shared] },
        },
      ]);

      // The default's own flags still make a policy of the organization's own.
      const third = await buildOwner(service);
      const updated = ok(await org(third, 'PUT', '', copied));
      expect(updated.details).to.have.property('creationDate');
      expect(ok(await org(third, 'GET')).policy).to.deep.include({
        ...copied,
        isDefault: false,
        idps: links(idp.shared),
      });
    });

    it('lets the roles that change policies change them, and the instance owner alone the default', async () => {
      for (const roles of [['ORG_USER_MANAGER'], ['ORG_PROJECT_OWNER'], ['ORG_USER_VIEWER']]) {
        const caller = await buildMember(service, { orgId: owner.orgId, roles });
        expectErrorOf(await org(caller, 'GET'), 'AUTH-PERMISSION-DENIED');
        expectErrorOf(await org(caller, 'PUT', '', BUILT_IN), 'AUTH-PERMISSION-DENIED');
      }
      expectErrorOf(await call(owner, 'GET', '/admin/v1/policies/login'), 'AUTH-PERMISSION-DENIED');
      expectErrorOf(
        await call(owner, 'PUT', '/admin/v1/policies/login', BUILT_IN),
        'AUTH-PERMISSION-DENIED',
      );
      expectErrorOf(
        await call(owner, 'POST', '/admin/v1/policies/login/idps/_search', {}),
        'AUTH-PERMISSION-DENIED',
      );
    });

    it('numbers the instance’s events in order while its default policies change at once', async () => {
      const providers = await Promise.all(
        [1, 2, 3].map(() => buildProvider(service, { orgId: admin.orgId, ownerType: 'instance' })),
      );
      const changes = await Promise.all([
        ...providers.map((idpId) => instance('POST', '/idps', { idpId })),
        ...[false, true, false].map((allowExternalIdp) =>
          instance('PUT', '', { allowUsernamePassword: true, allowExternalIdp }),
        ),
        ...['#111111', '#222222', '#333333'].map((primaryColor) =>
          call(admin, 'PUT', '/management/v1/policies/label/default', { primaryColor }),
        ),
      ]);
      for (const change of changes) ok(change);
      const recorded = await service.events('instance');
      const versions = recorded.map((event) => event.aggregateVersion);
      expect(versions).to.deep.equal(versions.map((_, index) => index + 1));
      expect(
        ok(await instance('GET')).policy.idps.map((link: { idpId: string }) => link.idpId),
      ).to.include.members(providers);
    });

    it('makes an organization’s own policy once when its first changes come at once', async () => {
      const fresh = await buildOwner(service);
      const providers = await Promise.all(
        [1, 2, 3].map(() => buildProvider(service, { orgId: fresh.orgId })),
      );
      const changes = await Promise.all([
        ...providers.map((idpId) => org(fresh, 'POST', '/idps', { idpId })),
        org(fresh, 'PUT', '', BUILT_IN),
      ]);
      for (const change of changes) ok(change);
      const types = (await eventsOf(fresh.orgId)).map((event) => event.type);
      expect(types.filter((type) => type === 'org.login.policy.added')).to.have.length(1);
      const { policy } = ok(await org(fresh, 'GET'));
      expect(policy.idps.map((link: { idpId: string }) => link.idpId)).to.include.members(
        providers,
      );
    });

    it('publishes every event as recorded, each as its schema says, on the topics of the organization and the instance', async () => {
      const published = await publishedAsRecorded(
        service,
        reader,
        'instance',
        service.topics.instance,
      );
      expect(published.map((event) => event.type)).to.include.members([
        'instance.login.policy.changed',
        'instance.login.policy.idp.added',
      ]);
      for (const { orgId } of [owner, stranger])
        await publishedAsRecorded(service, reader, orgId, service.topics.org);
    });
  },
);
