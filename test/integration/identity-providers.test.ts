import { expect } from 'chai';
import { isClientSecret } from '../../services/api/credentials/machine-credentials.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildIdp, buildMember, buildOwner, buildUser } from '../support/factories.js';
import { IDPS, clientSecret, oauthProvider, oidcProvider } from '../support/identity-providers.js';
import { publishedAsRecorded } from '../support/published-events.js';
import type { ApiResponse } from '../support/test-service.js';

/**
 * The identity providers' configurations (issue 43, 1): an organization's through
 * ManagementService, the instance's through AdminService, with one handler per kind. The client
 * secret is stored sealed and is in no answer, event or log line; reads answer an ETag that the
 * changes take as If-Match; a provider identityctl made is configured keeping its id and links;
 * a removal takes its users' links with an event on each user.
 */
describeOnEachDatabase('Identity providers: add, read, list, change, delete', (service) => {
  /** Every answer of the suite, to look for the secrets in. */
  const answers: string[] = [];
  /** Every client secret the suite sent. */
  const secrets: string[] = [];

  async function send(
    method: string,
    path: string,
    token: string,
    body?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    if (typeof body?.clientSecret === 'string') secrets.push(body.clientSecret);
    const response = await service.call(method, path, { token, body, headers });
    answers.push(response.text);
    return response;
  }
  const errorId = (response: ApiResponse) => response.body.details?.at(-1)?.id;
  const row = async (id: string) =>
    (
      (await service.dataSource.query('SELECT * FROM idp_configs WHERE id = ?', [id])) as Record<
        string,
        unknown
      >[]
    )[0];
  const sealed = async (id: string) => Buffer.from((await row(id))!.client_secret_sealed as Buffer);
  const payloadOf = (payload: unknown) =>
    (typeof payload === 'string' ? JSON.parse(payload) : payload) as Record<string, unknown>;
  const eventsOf = async (id: string) =>
    (await service.events(id)).map((event) => ({
      type: event.type,
      version: event.aggregateVersion,
      orgId: event.orgId,
      payload: payloadOf(event.payload),
    }));

  after(async () => {
    // The secrets are in no answer, no event and no log line; each is stored sealed.
    expect(secrets.length).to.be.greaterThan(0);
    const events = (await service.dataSource.query('SELECT payload FROM events')) as {
      payload: unknown;
    }[];
    const stored = JSON.stringify(events.map((event) => payloadOf(event.payload)));
    const rows = JSON.stringify(
      await service.dataSource.query('SELECT client_secret_sealed FROM idp_configs'),
    );
    for (const secret of secrets) {
      expect(answers.join('\n'), 'an answer').to.not.include(secret);
      expect(stored, 'an event').to.not.include(secret);
      expect(service.logs.text, 'a log line').to.not.include(secret);
      expect(rows, 'a sealed secret').to.not.include(secret);
    }
  });

  it("an organization's OpenID Connect provider: added, read with its ETag, set whole, the secret kept or replaced", async () => {
    const owner = await buildOwner(service);
    const added = await send('POST', `${IDPS.org}/generic_oidc`, owner.token, oidcProvider());
    expect(added.status, added.text).to.equal(200);
    const { id } = added.body;
    expect(added.body.details.resourceOwner).to.equal(owner.orgId);
    expect(isClientSecret(service.config, await sealed(id), secrets.at(-1)!)).to.equal(true);

    const read = await send('GET', `${IDPS.org}/templates/${id}`, owner.token);
    expect(read.status, read.text).to.equal(200);
    expect(read.headers.get('etag')).to.equal(`"${added.body.details.sequence}"`);
    expect(read.body.idp).to.deep.include({
      id,
      state: 'IDP_STATE_ACTIVE',
      name: 'Corporate SSO',
      owner: 'IDP_OWNER_TYPE_ORG',
      type: 'PROVIDER_TYPE_OIDC',
    });
    expect(read.body.idp.config).to.deep.equal({
      options: {
        isLinkingAllowed: true,
        isCreationAllowed: false,
        isAutoCreation: false,
        isAutoUpdate: false,
        autoLinking: 'AUTO_LINKING_OPTION_EMAIL',
      },
      oidc: {
        issuer: 'https://sso.example.com/realms/corp',
        clientId: 'identity-service',
        scopes: ['openid', 'profile', 'email'],
        isIdTokenMapping: false,
        usePkce: true,
      },
      signOutAtProvider: false,
    });
    expect(read.body.idp.details).to.deep.include({
      sequence: added.body.details.sequence,
      resourceOwner: owner.orgId,
    });
    // gRPC answers the same provider, with its ETag.
    const overGrpc = await service.grpc(
      'identity.management.v1.ManagementService',
      'GetProviderByID',
      { id },
      { token: owner.token },
    );
    expect(overGrpc.code, overGrpc.message).to.equal(0);
    expect(overGrpc.etag).to.equal(read.headers.get('etag'));
    expect(overGrpc.response.idp).to.deep.include({
      id,
      state: 'IDP_STATE_ACTIVE',
      owner: 'IDP_OWNER_TYPE_ORG',
      type: 'PROVIDER_TYPE_OIDC',
    });
    expect(overGrpc.response.idp.config.oidc).to.deep.include({
      issuer: 'https://sso.example.com/realms/corp',
      clientId: 'identity-service',
      scopes: ['openid', 'profile', 'email'],
      usePkce: true,
    });
    expect(overGrpc.response.idp.config.options).to.deep.include({
      isLinkingAllowed: true,
      autoLinking: 'AUTO_LINKING_OPTION_EMAIL',
    });
    answers.push(JSON.stringify(overGrpc));

    // Set whole without a secret: the stored one stays.
    const firstSecret = secrets.at(-1)!;
    const { clientSecret: _kept, ...withoutSecret } = oidcProvider({
      name: ' Corporate SSO (EU) ',
      scopes: ['openid'],
      usePkce: false,
      isIdTokenMapping: true,
      signOutAtProvider: true,
      providerOptions: { isAutoCreation: true },
    });
    const changed = await send('PUT', `${IDPS.org}/generic_oidc/${id}`, owner.token, withoutSecret);
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.headers.get('etag')).to.equal(`"${changed.body.details.sequence}"`);
    expect(isClientSecret(service.config, await sealed(id), firstSecret)).to.equal(true);
    const reread = await send('GET', `${IDPS.org}/templates/${id}`, owner.token);
    expect(reread.body.idp.name).to.equal('Corporate SSO (EU)');
    expect(reread.body.idp.config.oidc).to.deep.include({ usePkce: false, isIdTokenMapping: true });
    expect(reread.body.idp.config.options.autoLinking).to.equal('AUTO_LINKING_OPTION_UNSPECIFIED');
    expect(reread.body.idp.config.signOutAtProvider).to.equal(true);

    // The same again records nothing; a new secret is stored and said to have changed.
    const again = await send('PUT', `${IDPS.org}/generic_oidc/${id}`, owner.token, withoutSecret);
    expect(again.body.details.sequence).to.equal(changed.body.details.sequence);
    const sameSecret = await send('PUT', `${IDPS.org}/generic_oidc/${id}`, owner.token, {
      ...withoutSecret,
      clientSecret: firstSecret,
    });
    expect(sameSecret.body.details.sequence).to.equal(changed.body.details.sequence);
    const newSecret = clientSecret();
    const rekeyed = await send('PUT', `${IDPS.org}/generic_oidc/${id}`, owner.token, {
      ...withoutSecret,
      clientSecret: newSecret,
    });
    expect(rekeyed.status, rekeyed.text).to.equal(200);
    expect(isClientSecret(service.config, await sealed(id), newSecret)).to.equal(true);

    const events = await eventsOf(id);
    expect(events.map((event) => [event.type, event.version, event.orgId])).to.deep.equal([
      ['idp.config.added', 1, owner.orgId],
      ['idp.config.changed', 2, owner.orgId],
      ['idp.config.changed', 3, owner.orgId],
    ]);
    expect(events[0]!.payload).to.deep.equal({
      kind: 'oidc',
      name: 'Corporate SSO',
      ownerType: 'org',
      issuer: 'https://sso.example.com/realms/corp',
      clientId: 'identity-service',
      scopes: ['openid', 'profile', 'email'],
      isIdTokenMapping: false,
      usePkce: true,
      options: {
        isLinkingAllowed: true,
        isCreationAllowed: false,
        isAutoCreation: false,
        isAutoUpdate: false,
        autoLinking: 'email',
      },
      signOutAtProvider: false,
    });
    expect(events.slice(1).map((event) => event.payload.clientSecretChanged)).to.deep.equal([
      false,
      true,
    ]);
    expect(String((await row(id))!.sequence)).to.equal(rekeyed.body.details.sequence);
  });

  it('takes If-Match: a stale one is 412 and stores nothing', async () => {
    const owner = await buildOwner(service);
    const added = await send('POST', `${IDPS.org}/generic_oauth`, owner.token, oauthProvider());
    const { id } = added.body;
    const etag = (await send('GET', `${IDPS.org}/templates/${id}`, owner.token)).headers.get(
      'etag',
    )!;
    const renamed = await send(
      'PUT',
      `${IDPS.org}/generic_oauth/${id}`,
      owner.token,
      oauthProvider({ name: 'GitHub Enterprise', clientSecret: undefined }),
      { 'if-match': etag },
    );
    expect(renamed.status, renamed.text).to.equal(200);
    const before = await row(id);
    const eventsBefore = await service.count('events');
    for (const [method, path, body] of [
      ['PUT', `/generic_oauth/${id}`, oauthProvider({ name: 'Stale' })],
      ['DELETE', `/templates/${id}`, undefined],
    ] as const) {
      const stale = await send(method, `${IDPS.org}${path}`, owner.token, body, {
        'if-match': etag,
      });
      expect(stale.status, stale.text).to.equal(412);
      expect(errorId(stale)).to.equal('RESOURCE-CHANGED');
    }
    expect(await row(id)).to.deep.equal(before);
    expect(await service.count('events')).to.equal(eventsBefore);
    const current = `"${renamed.body.details.sequence}"`;
    const removed = await send('DELETE', `${IDPS.org}/templates/${id}`, owner.token, undefined, {
      'if-match': current,
    });
    expect(removed.status, removed.text).to.equal(200);
  });

  it('refuses the update of the other kind, bad URLs and scopes, and a provider not reached', async () => {
    const owner = await buildOwner(service);
    const oidc = (await send('POST', `${IDPS.org}/generic_oidc`, owner.token, oidcProvider())).body;
    const other = await send('PUT', `${IDPS.org}/generic_oauth/${oidc.id}`, owner.token, {
      ...oauthProvider(),
    });
    expect(other.status).to.equal(400);
    expect(errorId(other)).to.equal('IDP-TYPE-MISMATCH');
    const refused = async (body: Record<string, unknown>, fields: string[]) => {
      const response = await send('POST', `${IDPS.org}/generic_oidc`, owner.token, body);
      expect(response.status, response.text).to.equal(400);
      expect(
        (response.body.details[0].fieldViolations as { field: string }[]).map(({ field }) => field),
      ).to.have.members(fields);
    };
    await refused(oidcProvider({ issuer: 'http://sso.example.com' }), ['issuer']);
    await refused(oidcProvider({ issuer: 'https://sso.example.com/?tenant=1' }), ['issuer']);
    await refused(oidcProvider({ issuer: 'https://user:pw@sso.example.com' }), ['issuer']);
    await refused(oidcProvider({ scopes: ['openid profile'], name: ' ' }), ['scopes[0]', 'name']);
    await refused(oidcProvider({ clientSecret: undefined, clientId: '' }), [
      'clientSecret',
      'clientId',
    ]);
    const github = oauthProvider({ tokenEndpoint: 'http://github.com/token', idAttribute: '' });
    const oauth = await send('POST', `${IDPS.org}/generic_oauth`, owner.token, github);
    expect(
      oauth.body.details[0].fieldViolations.map((v: { field: string }) => v.field),
    ).to.have.members(['tokenEndpoint', 'idAttribute']);
    // Loopback over http, as a provider run beside the service in development.
    const local = await send(
      'POST',
      `${IDPS.org}/generic_oidc`,
      owner.token,
      oidcProvider({ issuer: 'http://127.0.0.1:9999/realms/dev' }),
    );
    expect(local.status, local.text).to.equal(200);

    // Another organization's provider is not reached, nor through the other service.
    const stranger = await buildOwner(service);
    for (const [method, path] of [
      ['GET', `${IDPS.org}/templates/${oidc.id}`],
      ['PUT', `${IDPS.org}/generic_oidc/${oidc.id}`],
      ['DELETE', `${IDPS.org}/templates/${oidc.id}`],
    ] as const) {
      const response = await send(
        method,
        path,
        stranger.token,
        method === 'PUT' ? oidcProvider() : undefined,
      );
      expect(response.status, `${method} ${path}`).to.equal(404);
      expect(errorId(response)).to.equal('IDP-NOT-FOUND');
    }
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const asInstance = await send('GET', `${IDPS.instance}/templates/${oidc.id}`, admin.token);
    expect(errorId(asInstance)).to.equal('IDP-NOT-FOUND');
    const noAdmin = await send(
      'POST',
      `${IDPS.instance}/generic_oidc`,
      owner.token,
      oidcProvider(),
    );
    expect(noAdmin.status).to.equal(403);
  });

  it("the instance's providers: an IAM_OWNER's through AdminService, listed and linked to in every organization, changed by no organization", async () => {
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    const owner = await buildOwner(service);
    const added = await send(
      'POST',
      `${IDPS.instance}/generic_oauth`,
      admin.token,
      oauthProvider({ name: 'Instance GitHub' }),
    );
    expect(added.status, added.text).to.equal(200);
    const { id } = added.body;
    expect(added.body.details.resourceOwner).to.equal('instance');
    expect(await row(id)).to.include({ owner_type: 'instance', org_id: admin.orgId });
    const own = (
      await send('POST', `${IDPS.org}/generic_oidc`, owner.token, oidcProvider({ name: 'Own' }))
    ).body;

    // The organization reads and lists it, as ZITADEL lists an organization's providers.
    const read = await send('GET', `${IDPS.org}/templates/${id}`, owner.token);
    expect(read.status, read.text).to.equal(200);
    expect(read.body.idp).to.deep.include({
      owner: 'IDP_OWNER_TYPE_SYSTEM',
      type: 'PROVIDER_TYPE_OAUTH',
    });
    expect(read.body.idp.details.resourceOwner).to.equal('instance');
    expect(read.body.idp.config.oauth).to.deep.equal({
      clientId: 'Iv1.8a61f9b3a7aba766',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userEndpoint: 'https://api.github.com/user',
      scopes: ['read:user', 'user:email'],
      idAttribute: 'id',
      usePkce: true,
    });
    const list = async (token: string, base: string, queries: unknown[] = [], query = {}) =>
      send('POST', `${base}/templates/_search`, token, { queries, query });
    const ids = (response: ApiResponse) =>
      (response.body.result as { id: string }[]).map((p) => p.id);
    const listed = await list(owner.token, IDPS.org);
    expect(listed.status, listed.text).to.equal(200);
    expect(ids(listed)).to.include.members([id, own.id]);
    expect(listed.headers.get('etag')).to.equal(null);
    const ownerType = (type: string) => [{ ownerTypeQuery: { ownerType: type } }];
    expect(ids(await list(owner.token, IDPS.org, ownerType('IDP_OWNER_TYPE_ORG')))).to.deep.equal([
      own.id,
    ]);
    expect(ids(await list(owner.token, IDPS.org, ownerType('IDP_OWNER_TYPE_SYSTEM'))))
      .to.include(id)
      .and.not.include(own.id);
    expect(
      ids(await list(owner.token, IDPS.org, ownerType('IDP_OWNER_TYPE_UNSPECIFIED'))),
    ).to.deep.equal([]);
    const named = await list(owner.token, IDPS.org, [
      {
        idpNameQuery: { name: 'instance git', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' },
      },
      { idpIdQuery: { id } },
    ]);
    expect(ids(named)).to.deep.equal([id]);
    const firstPage = await list(owner.token, IDPS.org, [], { limit: 1, asc: true });
    expect(firstPage.body.result).to.have.length(1);
    const nextPage = await list(owner.token, IDPS.org, [], {
      limit: 1000,
      asc: true,
      cursor: firstPage.body.details.nextCursor,
    });
    expect([...ids(firstPage), ...ids(nextPage)]).to.deep.equal(
      ids(await list(owner.token, IDPS.org, [], { asc: true })),
    );
    // The instance's list holds the instance's alone.
    const instanceList = await list(admin.token, IDPS.instance);
    expect(ids(instanceList)).to.include(id).and.not.include(own.id);

    // No organization changes it, its owner neither; AddUserIDPLink links to it.
    for (const [method, path, body] of [
      ['PUT', `/generic_oauth/${id}`, oauthProvider()],
      ['DELETE', `/templates/${id}`, undefined],
    ] as const) {
      const refused = await send(method, `${IDPS.org}${path}`, owner.token, body);
      expect(errorId(refused), `${method} ${path}`).to.equal('IDP-NOT-FOUND');
    }
    const { userId } = await buildUser(service, { orgId: owner.orgId });
    const linked = await send('POST', `/management/v1/users/${userId}/idps`, owner.token, {
      idpId: id,
      providedUserId: 'github-4711',
    });
    expect(linked.status, linked.text).to.equal(200);
    const strangersProvider = await send(
      'POST',
      `/management/v1/users/${userId}/idps`,
      owner.token,
      {
        idpId: (await buildIdp(service)).idpId,
        providedUserId: 'elsewhere-1',
      },
    );
    expect(strangersProvider.status).to.equal(400);
    expect(strangersProvider.body.details[0].fieldViolations[0].field).to.equal('idpId');

    // The instance owner changes it (its events owned by the instance) and removes it.
    const { clientSecret: _none, ...renamed } = oauthProvider({ name: 'GitHub (all)' });
    const changed = await send('PUT', `${IDPS.instance}/generic_oauth/${id}`, admin.token, renamed);
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.details.resourceOwner).to.equal('instance');
    const removed = await send('DELETE', `${IDPS.instance}/templates/${id}`, admin.token);
    expect(removed.status, removed.text).to.equal(200);
    expect(
      (await eventsOf(id)).map((event) => [event.type, event.orgId, event.payload.ownerType]),
    ).to.deep.equal([
      ['idp.config.added', 'instance', 'instance'],
      ['idp.config.changed', 'instance', 'instance'],
      ['idp.config.removed', 'instance', 'instance'],
    ]);
    expect(await service.count('user_idp_links', 'config_id = ?', [id])).to.equal(0);
    expect((await eventsOf(userId)).at(-1)).to.deep.include({
      type: 'user.idp.link.removed',
      payload: { configId: id, externalUserId: 'github-4711' },
    });
  });

  it('configures a provider identityctl made: its id and links stay', async () => {
    const owner = await buildOwner(service);
    const { idpId } = await buildIdp(service, { orgId: owner.orgId, name: 'Migrated SSO' });
    const { userId } = await buildUser(service, {
      orgId: owner.orgId,
      idps: [{ configId: idpId, externalUserId: 'kc-user-1', displayName: 'ada' }],
    });
    const read = await send('GET', `${IDPS.org}/templates/${idpId}`, owner.token);
    expect(read.status, read.text).to.equal(200);
    expect(read.headers.get('etag')).to.equal('"0"');
    expect(read.body.idp).to.deep.include({
      name: 'Migrated SSO',
      type: 'PROVIDER_TYPE_UNSPECIFIED',
    });
    expect(read.body.idp.config).to.have.keys('options', 'signOutAtProvider');

    const { clientSecret: _none, ...withoutSecret } = oidcProvider({ name: 'Keycloak' });
    const unsealed = await send(
      'PUT',
      `${IDPS.org}/generic_oidc/${idpId}`,
      owner.token,
      withoutSecret,
    );
    expect(unsealed.status).to.equal(400);
    expect(unsealed.body.details[0].fieldViolations[0].field).to.equal('clientSecret');
    const configured = await send(
      'PUT',
      `${IDPS.org}/generic_oidc/${idpId}`,
      owner.token,
      oidcProvider({ name: 'Keycloak' }),
      { 'if-match': '"0"' },
    );
    expect(configured.status, configured.text).to.equal(200);
    const after = await send('GET', `${IDPS.org}/templates/${idpId}`, owner.token);
    expect(after.body.idp).to.deep.include({
      id: idpId,
      name: 'Keycloak',
      type: 'PROVIDER_TYPE_OIDC',
    });
    const links = await send(
      'POST',
      `/management/v1/users/${userId}/idps/_search`,
      owner.token,
      {},
    );
    const shown = (links.body.result as Record<string, string>[]).map((link) => [
      link.idpId,
      link.idpName,
      link.providedUserId,
    ]);
    expect(shown).to.deep.equal([[idpId, 'Keycloak', 'kc-user-1']]);
    expect(
      await service.count('user_idp_links', 'config_id = ? AND user_id = ?', [idpId, userId]),
    ).to.equal(1);
    const events = await eventsOf(idpId);
    expect(
      events.map((event) => [event.type, event.version, event.payload.clientSecretChanged]),
    ).to.deep.equal([['idp.config.changed', 1, true]]);
    // Now an OpenID Connect provider: the OAuth update is refused.
    const other = await send(
      'PUT',
      `${IDPS.org}/generic_oauth/${idpId}`,
      owner.token,
      oauthProvider(),
    );
    expect(errorId(other)).to.equal('IDP-TYPE-MISMATCH');
  });

  it("removes a provider with its users' links (an event on each user) and its place in the login policies", async () => {
    const owner = await buildOwner(service);
    const { id } = (await send('POST', `${IDPS.org}/generic_oidc`, owner.token, oidcProvider()))
      .body;
    const ada = await buildUser(service, { orgId: owner.orgId });
    const bob = await buildUser(service, { orgId: owner.orgId });
    const link = (userId: string, providedUserId: string) =>
      send('POST', `/management/v1/users/${userId}/idps`, owner.token, {
        idpId: id,
        providedUserId,
      });
    for (const [userId, subject] of [
      [ada.userId, 'sub-ada'],
      [ada.userId, 'sub-ada-2'],
      [bob.userId, 'sub-bob'],
    ] as const)
      expect((await link(userId, subject)).status).to.equal(200);
    await service.dataSource.query(
      'INSERT INTO login_policy_idps (owner_id, idp_id, created_at) VALUES (?, ?, ?), (?, ?, ?)',
      [owner.orgId, id, new Date(), '', id, new Date()],
    );
    const adaVersion = (await eventsOf(ada.userId)).length;
    const removed = await send('DELETE', `${IDPS.org}/templates/${id}`, owner.token);
    expect(removed.status, removed.text).to.equal(200);
    expect(removed.body.details.resourceOwner).to.equal(owner.orgId);
    expect(await row(id)).to.equal(undefined);
    expect(await service.count('user_idp_links', 'config_id = ?', [id])).to.equal(0);
    expect(await service.count('login_policy_idps', 'idp_id = ?', [id])).to.equal(0);
    const adaEvents = (await eventsOf(ada.userId)).slice(adaVersion);
    expect(adaEvents.map((event) => [event.type, event.version, event.payload])).to.deep.equal([
      ['user.idp.link.removed', adaVersion + 1, { configId: id, externalUserId: 'sub-ada' }],
      ['user.idp.link.removed', adaVersion + 2, { configId: id, externalUserId: 'sub-ada-2' }],
    ]);
    expect((await eventsOf(bob.userId)).at(-1)).to.deep.include({
      type: 'user.idp.link.removed',
      payload: { configId: id, externalUserId: 'sub-bob' },
    });
    expect((await eventsOf(id)).at(-1)).to.deep.include({
      type: 'idp.config.removed',
      version: 2,
      payload: { kind: 'oidc', name: 'Corporate SSO', ownerType: 'org' },
    });
    const users = (await service.dataSource.query('SELECT sequence FROM users WHERE id = ?', [
      ada.userId,
    ])) as { sequence: unknown }[];
    expect(Number(users[0]!.sequence)).to.be.lessThan(Number(removed.body.details.sequence));
    const gone = await send('GET', `${IDPS.org}/templates/${id}`, owner.token);
    expect(gone.status).to.equal(404);
    const again = await send('DELETE', `${IDPS.org}/templates/${id}`, owner.token);
    expect(errorId(again)).to.equal('IDP-NOT-FOUND');
  });

  it('links made while the provider is removed: each made before (and removed with it) or refused, none left', async () => {
    const owner = await buildOwner(service);
    const { id } = (await send('POST', `${IDPS.org}/generic_oidc`, owner.token, oidcProvider()))
      .body;
    const people = await Promise.all(
      Array.from({ length: 6 }, () => buildUser(service, { orgId: owner.orgId })),
    );
    const link = (userId: string, at: number) =>
      send('POST', `/management/v1/users/${userId}/idps`, owner.token, {
        idpId: id,
        providedUserId: `racing-${at}`,
      });
    // Some linked already, so that the removal locks their users while others link.
    for (const [at, person] of people.slice(0, 3).entries())
      expect((await link(person.userId, at)).status).to.equal(200);
    // The removal sent while the links are under way: some are made before it, some wait for it.
    const linking = people.map((person, at) => link(person.userId, at + 10));
    await linking[0];
    const [removed, ...linked] = await Promise.all([
      send('DELETE', `${IDPS.org}/templates/${id}`, owner.token),
      ...linking,
    ]);
    expect(removed!.status, removed!.text).to.equal(200);
    for (const response of linked)
      expect(
        response.status === 200 ||
          (response.status === 400 &&
            response.body.details[0].fieldViolations[0].field === 'idpId'),
        response.text,
      ).to.equal(true);
    expect(await service.count('user_idp_links', 'config_id = ?', [id])).to.equal(0);
    // Every link made has its removal recorded on its user.
    for (const person of people) {
      const types = (await eventsOf(person.userId)).map((event) => event.type);
      expect(types.filter((type) => type === 'user.idp.link.added').length).to.equal(
        types.filter((type) => type === 'user.idp.link.removed').length,
      );
    }
  });

  it("publishes each provider's events on identity.idp.v1, in order, as their schemas say", async () => {
    await service.startRelay();
    const reader = await service.readTopics();
    try {
      const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      const { id } = (
        await send('POST', `${IDPS.instance}/generic_oidc`, admin.token, oidcProvider())
      ).body;
      const { clientSecret: _kept, ...renamed } = oidcProvider({ name: 'Published SSO' });
      await send('PUT', `${IDPS.instance}/generic_oidc/${id}`, admin.token, renamed);
      await send('DELETE', `${IDPS.instance}/templates/${id}`, admin.token);
      const published = await publishedAsRecorded(service, reader, id, service.topics.idp);
      expect(published.map((event) => [event.type, event.resourceowner])).to.deep.equal([
        ['idp.config.added', 'instance'],
        ['idp.config.changed', 'instance'],
        ['idp.config.removed', 'instance'],
      ]);
      const text = JSON.stringify(reader.received);
      for (const secret of secrets) expect(text, 'a published event').to.not.include(secret);
    } finally {
      await reader.stop();
    }
  });
});
