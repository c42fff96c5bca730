import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { Project, User } from '../../shared/db/entities/index.js';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { ProjectReadModelConsumer } from '../../services/worker/consumers/read-models/project-read-model.consumer.js';
import { UserGrantReadModelConsumer } from '../../services/worker/consumers/read-models/user-grant-read-model.consumer.js';
import { buildMember, buildOrg, buildOwner, buildProject } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildProvider } from '../support/login-policy-providers.js';
import {
  expectedAllowed,
  ROLES,
  OPERATIONS,
  TARGETS,
  type OperationName,
  type PartReadName,
  type ProbedName,
  type RoleName,
  type TargetName,
} from '../support/permission-matrix.js';

/**
 * The permission matrix of the contract ("Identity, organizations, permissions"): every role of
 * the caller, every operation, every way of naming the target organization. A denied call must
 * write nothing and answer exactly like a call into an organization that does not exist.
 */

interface RawResponse {
  status: number;
  text: string;
  body: any;
}

describeOnEachDatabase(
  'Permissions: role × operation × target organization over HTTP',
  (service) => {
    let homeOrg: string;
    let otherOrg: string;
    const unknownOrg = randomUUID();
    const callers = {} as Record<RoleName, { userId: string; token: string }>;
    /** The 403 body of a call into an unknown organization, per operation, as sent on the wire. */
    const deniedBody = {} as Record<
      Exclude<OperationName, 'UpdateMyProfile' | 'SetMyEmail'>,
      string
    >;
    interface Probe {
      call(token: string, orgId: string | undefined): Promise<RawResponse>;
      owner: string;
      written(): Promise<number>;
    }

    /** Calls with the raw body kept, so 403 bodies can be compared byte for byte. */
    async function send(
      method: string,
      path: string,
      token: string,
      orgId: string | undefined,
      body: unknown,
    ): Promise<RawResponse> {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      };
      if (orgId !== undefined) headers['x-service-orgid'] = orgId;
      const response = await fetch(`${service.api.url}${path}`, {
        method,
        headers,
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
    }

    const importUser = (token: string, orgId: string | undefined, userName: string) =>
      send('POST', '/management/v1/users/human/_import', token, orgId, {
        userName,
        profile: { firstName: 'Perm', lastName: 'Matrix' },
        email: { email: `${userName}@example.com` },
      });
    const updateProject = (token: string, orgId: string | undefined, id: string, name: string) =>
      send('PUT', `/management/v1/projects/${encodeURIComponent(id)}`, token, orgId, {
        name,
        projectRoleCheck: true,
        privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
      });
    const addUserGrant = (
      token: string,
      orgId: string | undefined,
      userId: string,
      projectId: string,
    ) => send('POST', `/management/v1/users/${userId}/grants`, token, orgId, { projectId });
    /**
     * A call of a probed operation into the org the call names (for an unknown org, the
     * caller's), the owner its details must name, and a count of what it wrote.
     */
    const PROBES: Record<ProbedName, (targetOrg: string) => Promise<Probe>> = {
      AddUserGrant: async (targetOrg) => {
        const { userId } = await buildMember(service, { orgId: targetOrg, roles: [] });
        const { projectId } = await buildProject(service, { orgId: targetOrg });
        return {
          call: (token, orgId) => addUserGrant(token, orgId, userId, projectId),
          owner: targetOrg,
          written: () => service.count('user_grants', 'user_id = ?', [userId]),
        };
      },
      LockUser: async (targetOrg) => {
        const { userId } = await buildMember(service, { orgId: targetOrg, roles: [] });
        return {
          call: (token, orgId) =>
            send('POST', `/management/v1/users/${userId}/_lock`, token, orgId, {}),
          owner: targetOrg,
          written: () => service.count('users', "id = ? AND state = 'locked'", [userId]),
        };
      },
      AddProject: async (targetOrg) => {
        const name = `Probe ${randomUUID()}`;
        return {
          call: (token, orgId) => send('POST', '/management/v1/projects', token, orgId, { name }),
          owner: targetOrg,
          written: () => service.count('projects', 'org_id = ? AND name = ?', [targetOrg, name]),
        };
      },
      SetLabelPolicy: async (targetOrg) => labelPolicyProbe('', targetOrg, targetOrg),
      SetDefaultLabelPolicy: async () => labelPolicyProbe('/default', '', 'instance'),
      // A provider of the target organization offered by its login policy (made at this first
      // change where it follows the default).
      AddIDPToLoginPolicy: async (targetOrg) =>
        loginPolicyProbe(
          '/management',
          targetOrg,
          targetOrg,
          await buildProvider(service, { orgId: targetOrg }),
        ),
      // A provider of the instance offered by the instance default, whatever the target.
      AdminAddIDPToLoginPolicy: async (targetOrg) =>
        loginPolicyProbe(
          '/admin',
          '',
          'instance',
          await buildProvider(service, { orgId: targetOrg, ownerType: 'instance' }),
        ),
      // Renames the target organization; the instance owner's alone, in any organization.
      AddGenericOIDCProvider: async (targetOrg) =>
        providerProbe('/management/v1', targetOrg, "owner_type = 'org' AND org_id = ?", [
          targetOrg,
        ]),
      // The instance's, whichever organization the call names.
      AdminAddGenericOIDCProvider: async () =>
        providerProbe('/admin/v1', 'instance', "owner_type = 'instance'", []),
      // Deactivates a provider of the target organization, or one of the instance.
      DeactivateOrgIDP: async (targetOrg) =>
        deactivationProbe(
          '/management/v1',
          targetOrg,
          await buildProvider(service, { orgId: targetOrg }),
        ),
      DeactivateIDP: async (targetOrg) =>
        deactivationProbe(
          '/admin/v1',
          'instance',
          await buildProvider(service, { orgId: targetOrg, ownerType: 'instance' }),
        ),
      // Replaces the roles of a member of the target organization.
      UpdateOrgMember: async (targetOrg) => {
        const { userId } = await buildMember(service, {
          orgId: targetOrg,
          roles: ['ORG_USER_VIEWER'],
        });
        return {
          call: (token, orgId) =>
            send('PUT', `/management/v1/orgs/me/members/${userId}`, token, orgId, {
              roles: ['ORG_PROJECT_VIEWER'],
            }),
          owner: targetOrg,
          written: () =>
            service.count(
              'role_grants',
              "user_id = ? AND org_id = ? AND role = 'ORG_PROJECT_VIEWER'",
              [userId, targetOrg],
            ),
        };
      },
      UpdateOrg: async (targetOrg) => {
        const name = `Probe ${randomUUID()}`;
        return {
          call: (token, orgId) => send('PUT', '/management/v1/orgs/me', token, orgId, { name }),
          owner: targetOrg,
          written: () => service.count('organizations', 'id = ? AND name = ?', [targetOrg, name]),
        };
      },
    };
    /** Adds an OpenID Connect provider of the target organization, or of the instance. */
    const providerProbe = (base: string, owner: string, where: string, params: string[]): Probe => {
      const name = `Probe ${randomUUID()}`;
      return {
        call: (token, orgId) =>
          send('POST', `${base}/idps/generic_oidc`, token, orgId, {
            name,
            issuer: 'https://sso.example.com',
            clientId: 'matrix',
            clientSecret: 'matrix-secret',
          }),
        owner,
        written: () => service.count('idp_configs', `name = ? AND ${where}`, [name, ...params]),
      };
    };
    const deactivationProbe = (base: string, owner: string, idpId: string): Probe => ({
      call: (token, orgId) => send('POST', `${base}/idps/${idpId}/_deactivate`, token, orgId, {}),
      owner,
      written: () => service.count('idp_configs', "id = ? AND state = 'inactive'", [idpId]),
    });
    const labelPolicyProbe = (path: string, ownerId: string, owner: string): Probe => {
      const primaryColor = `#${randomBytes(3).toString('hex')}`;
      return {
        call: (token, orgId) =>
          send('PUT', `/management/v1/policies/label${path}`, token, orgId, { primaryColor }),
        owner,
        written: () =>
          service.count('label_policies', 'owner_id = ? AND primary_color = ?', [
            ownerId,
            primaryColor,
          ]),
      };
    };
    const loginPolicyProbe = (
      api: string,
      ownerId: string,
      owner: string,
      idpId: string,
    ): Probe => ({
      call: (token, orgId) =>
        send('POST', `${api}/v1/policies/login/idps`, token, orgId, { idpId }),
      owner,
      written: () =>
        service.count('login_policy_idps', 'owner_id = ? AND idp_id = ?', [ownerId, idpId]),
    });
    const listUsers = (token: string, orgId: string | undefined) =>
      send('POST', '/management/v1/users/_search', token, orgId, { query: { limit: 1000 } });
    const listUserGrants = (token: string, orgId: string | undefined) =>
      send('POST', '/management/v1/users/grants/_search', token, orgId, { query: { limit: 1000 } });
    const listProjects = (token: string, orgId: string | undefined) =>
      send('POST', '/management/v1/projects/_search', token, orgId, { query: { limit: 1000 } });
    /** A project of each organization, with one role, one application, one grant. */
    interface Parts {
      projectId: string;
      appId: string;
      grantId: string;
    }
    const parts: Record<string, Parts> = {};
    /** The reads of a project's parts, of the target organization's project (else the caller's). */
    const PART_READS: Record<PartReadName, (part: Parts) => string[]> = {
      ListProjectRoles: ({ projectId }) => [
        'POST',
        `/management/v1/projects/${projectId}/roles/_search`,
      ],
      ListApps: ({ projectId }) => ['POST', `/management/v1/projects/${projectId}/apps/_search`],
      GetAppByID: ({ projectId, appId }) => [
        'GET',
        `/management/v1/projects/${projectId}/apps/${appId}`,
      ],
      ListProjectGrants: ({ projectId }) => [
        'POST',
        `/management/v1/projects/${projectId}/grants/_search`,
      ],
      GetProjectGrantByID: ({ projectId, grantId }) => [
        'GET',
        `/management/v1/projects/${projectId}/grants/${grantId}`,
      ],
    };
    const readPart = (
      name: PartReadName,
      token: string,
      orgId: string | undefined,
      target: string,
    ) => {
      const [method, path] = PART_READS[name](parts[target]!);
      return send(method!, path!, token, orgId, method === 'GET' ? undefined : {});
    };
    const getMyOrg = (token: string, orgId: string | undefined) =>
      send('GET', '/management/v1/orgs/me', token, orgId, undefined);
    const listOrgs = (token: string, orgId: string | undefined) =>
      send('POST', '/admin/v1/orgs/_search', token, orgId, { query: { limit: 1000 } });
    const listProviders = (token: string, orgId: string | undefined) =>
      send('POST', '/management/v1/idps/templates/_search', token, orgId, {
        query: { limit: 1000 },
      });
    const getLabelPolicy = (token: string, orgId: string | undefined) =>
      send('GET', '/management/v1/policies/label', token, orgId, undefined);
    const getLoginPolicy = (api: string) => (token: string, orgId: string | undefined) =>
      send('GET', `${api}/v1/policies/login`, token, orgId, undefined);
    /** A machine user of each organization, with one personal access token. */
    const machineOf = {} as Record<string, string>;
    const listOf = (what: string) => (token: string, orgId: string | undefined, userId: string) =>
      send('POST', `/management/v1/users/${userId}/${what}/_search`, token, orgId, {});
    const listTokens = listOf('pats');
    const listMemberships = listOf('memberships');
    const updateMyProfile = (token: string, orgId: string | undefined, firstName: string) =>
      send('PUT', '/auth/v1/users/me/profile', token, orgId, {
        firstName,
        lastName: 'Matrix',
        displayName: `${firstName} Matrix`,
      });

    const userRow = (id: string) => service.dataSource.getRepository(User).findOneByOrFail({ id });
    const projectRow = (id: string) =>
      service.dataSource.getRepository(Project).findOneByOrFail({ id });

    function expectPermissionDenied(response: RawResponse, reference: string): void {
      expect(response.status).to.equal(403);
      expect(response.body.code).to.equal(7);
      expect(response.body.details.at(-1)).to.deep.equal({
        '@type': 'type.googleapis.com/identity.v1.ErrorDetail',
        id: 'AUTH-PERMISSION-DENIED',
        message: response.body.message,
      });
      expect(response.text, 'same bytes as a call into an unknown organization').to.equal(
        reference,
      );
    }

    before(async () => {
      homeOrg = (await buildOrg(service, { name: 'Home' })).orgId;
      otherOrg = (await buildOrg(service, { name: 'Other' })).orgId;
      for (const role of Object.keys(ROLES) as RoleName[]) {
        callers[role] = await buildMember(service, {
          orgId: homeOrg,
          roles: role === 'none' ? [] : [role],
        });
      }
      // The callers as the worker would read them, so that the lists have users to answer.
      const readModel = new UserReadModelConsumer(service.dataSource);
      for (const { userId } of Object.values(callers))
        for (const event of await service.events(userId))
          await readModel.perform(toCloudEvent(event, 'urn:test'));
      const { projectId: listed } = await buildProject(service, { orgId: homeOrg });
      const projects = new ProjectReadModelConsumer(service.dataSource);
      for (const event of await service.events(listed))
        await projects.perform(toCloudEvent(event, 'urn:test'));
      // The reference answers come from a caller with every role in its own organization, so
      // they can only be "unknown organization", never "missing role".
      const owner = await buildMember(service, { orgId: homeOrg, roles: ['ORG_OWNER'] });
      const importProbe = await importUser(owner.token, unknownOrg, 'reference-probe');
      const updateProbe = await updateProject(
        owner.token,
        unknownOrg,
        (await buildProject(service, { orgId: homeOrg })).projectId,
        'Reference probe',
      );
      for (const name of Object.keys(PROBES) as ProbedName[]) {
        deniedBody[name] = (await (await PROBES[name](homeOrg)).call(owner.token, unknownOrg)).text;
      }
      for (const probe of [importProbe, updateProbe]) {
        expect(probe.status).to.equal(403);
        expect(probe.body.code).to.equal(7);
      }
      deniedBody.ImportHumanUser = importProbe.text;
      deniedBody.ListUsers = (await listUsers(owner.token, unknownOrg)).text;
      deniedBody.ListProjects = (await listProjects(owner.token, unknownOrg)).text;
      const userGrants = new UserGrantReadModelConsumer(service.dataSource);
      for (const orgId of [homeOrg, otherOrg]) {
        const { projectId } = await buildProject(service, { orgId });
        const member = await buildMember(service, { orgId, roles: ['ORG_OWNER'] });
        const { token } = member;
        const project = `/management/v1/projects/${projectId}`;
        const role = { roleKey: 'matrix-role', displayName: 'Matrix' };
        const app = { name: 'Matrix', redirectUris: ['https://matrix.example/cb'] };
        const added = await send('POST', `${project}/roles`, token, orgId, role);
        expect(added.status, added.text).to.equal(200);
        const { body } = await send('POST', `${project}/apps/oidc`, token, orgId, app);
        const grantedOrgId = orgId === homeOrg ? otherOrg : homeOrg;
        const roleKeys = ['matrix-role'];
        const grant = await send('POST', `${project}/grants`, token, orgId, {
          grantedOrgId,
          roleKeys,
        });
        parts[orgId] = { projectId, appId: body.appId, grantId: grant.body.grantId };
        // A user grant of the organization's, as the worker would read it.
        const granted = await send(
          'POST',
          `/management/v1/users/${member.userId}/grants`,
          token,
          orgId,
          {
            projectId,
            roleKeys,
          },
        );
        expect(granted.status, granted.text).to.equal(200);
        for (const event of await service.events(member.userId))
          await userGrants.perform(toCloudEvent(event, 'urn:test'));
      }
      deniedBody.ListUserGrants = (await listUserGrants(owner.token, unknownOrg)).text;
      for (const name of Object.keys(PART_READS) as PartReadName[])
        deniedBody[name] = (await readPart(name, owner.token, unknownOrg, homeOrg)).text;
      deniedBody.GetMyOrg = (await getMyOrg(owner.token, unknownOrg)).text;
      deniedBody.ListOrgs = (await listOrgs(owner.token, unknownOrg)).text;
      deniedBody.GetLabelPolicy = (await getLabelPolicy(owner.token, unknownOrg)).text;
      deniedBody.GetLoginPolicy = (
        await getLoginPolicy('/management')(owner.token, unknownOrg)
      ).text;
      deniedBody.AdminGetLoginPolicy = (
        await getLoginPolicy('/admin')(owner.token, unknownOrg)
      ).text;
      deniedBody.ListProviders = (await listProviders(owner.token, unknownOrg)).text;
      for (const orgId of [homeOrg, otherOrg]) {
        const machine = await buildMachine(service, {
          owner: await buildOwner(service, { orgId }),
        });
        await addPersonalAccessToken(service, machine);
        machineOf[orgId] = machine.userId;
      }
      deniedBody.ListUserMemberships = (
        await listMemberships(owner.token, unknownOrg, machineOf[homeOrg]!)
      ).text;
      deniedBody.ListPersonalAccessTokens = (
        await listTokens(owner.token, unknownOrg, machineOf[homeOrg]!)
      ).text;
      deniedBody.UpdateProject = updateProbe.text;
    });

    const cases = (Object.keys(ROLES) as RoleName[]).flatMap((role) =>
      (Object.keys(OPERATIONS) as OperationName[]).flatMap((operation) =>
        (Object.keys(TARGETS) as TargetName[]).map((target) => ({
          role,
          operation,
          target,
          allowed: expectedAllowed(role, operation, target),
        })),
      ),
    );

    cases.forEach(({ role, operation, target, allowed }, index) => {
      const outcome = allowed ? '200, written' : '403 PERMISSION_DENIED, nothing written';
      it(`${role} · ${operation} · ${TARGETS[target]} → ${outcome}`, async () => {
        const caller = callers[role];
        const orgHeader: string | undefined = {
          'own-implicit': undefined,
          'own-named': homeOrg,
          'other-org': otherOrg,
          'unknown-org': unknownOrg,
        }[target];
        /** Where the write must land: the named org, or the caller's own. */
        const targetOrg = target === 'other-org' ? otherOrg : homeOrg;
        const usersBefore = await service.count('users');
        const eventsBefore = await service.count('events');
        const suffix = `${index}-${randomBytes(3).toString('hex')}`;

        if (operation === 'UpdateMyProfile') {
          const firstName = `First-${suffix}`;
          const response = await updateMyProfile(caller.token, orgHeader, firstName);
          expect(response.status, response.text).to.equal(200);
          // The header is ignored: the caller's own profile changes, in the caller's org.
          expect(response.body.details.resourceOwner).to.equal(homeOrg);
          expect(await userRow(caller.userId)).to.include({
            firstName,
            displayName: `${firstName} Matrix`,
            orgId: homeOrg,
          });
          expect(await service.count('users')).to.equal(usersBefore);
          return;
        }

        if (operation === 'SetMyEmail') {
          const email = `moved-${suffix}@example.com`;
          const response = await send('PUT', '/auth/v1/users/me/email', caller.token, orgHeader, {
            email,
          });
          expect(response.status, response.text).to.equal(200);
          // As for the profile: the header is ignored, the caller's own email waits.
          expect(response.body.details.resourceOwner).to.equal(homeOrg);
          expect(
            await service.count('users', 'id = ? AND pending_email = ? AND org_id = ?', [
              caller.userId,
              email,
              homeOrg,
            ]),
          ).to.equal(1);
          return;
        }

        if (operation === 'ImportHumanUser') {
          const userName = `imported-${suffix}`;
          const response = await importUser(caller.token, orgHeader, userName);
          if (allowed) {
            expect(response.status, response.text).to.equal(200);
            expect(response.body.details.resourceOwner).to.equal(targetOrg);
            expect(await userRow(response.body.userId)).to.include({ userName, orgId: targetOrg });
            expect(await service.count('users')).to.equal(usersBefore + 1);
          } else {
            expectPermissionDenied(response, deniedBody.ImportHumanUser);
            expect(await service.count('users', 'user_name_lower = ?', [userName])).to.equal(0);
            expect(await service.count('users')).to.equal(usersBefore);
            expect(await service.count('events')).to.equal(eventsBefore);
          }
          return;
        }

        if (operation === 'ListProjects') {
          const response = await listProjects(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListProjects);
          expect(response.status, response.text).to.equal(200);
          for (const project of response.body.result as { details: { resourceOwner: string } }[])
            expect(project.details.resourceOwner).to.equal(targetOrg);
          if (target !== 'other-org') expect(response.body.result).to.have.length.at.least(1);
          return;
        }

        if (operation in PART_READS) {
          const response = await readPart(
            operation as PartReadName,
            caller.token,
            orgHeader,
            targetOrg,
          );
          if (!allowed)
            return expectPermissionDenied(response, deniedBody[operation as PartReadName]);
          expect(response.status, response.text).to.equal(200);
          const { result, app, projectGrant } = response.body;
          const [part] = result ?? [app ?? projectGrant];
          expect(result ?? [], 'one role, application or grant').to.have.length.at.most(1);
          expect(part.details.resourceOwner).to.equal(targetOrg);
          expect(part.key ?? part.name ?? part.grantedRoleKeys[0]).to.match(/^matrix/i);
          return;
        }

        if (operation === 'ListUserGrants') {
          const response = await listUserGrants(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListUserGrants);
          expect(response.status, response.text).to.equal(200);
          const result = response.body.result as { orgId: string; roleKeys: string[] }[];
          expect(result).to.have.length(1);
          expect(result[0]).to.deep.include({ orgId: targetOrg, roleKeys: ['matrix-role'] });
          return;
        }

        if (operation === 'ListUserMemberships') {
          const response = await listMemberships(caller.token, orgHeader, machineOf[targetOrg]!);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListUserMemberships);
          expect(response.status, response.text).to.equal(200);
          expect(response.body.result).to.deep.equal([]);
          return;
        }

        if (operation === 'ListPersonalAccessTokens') {
          const response = await listTokens(caller.token, orgHeader, machineOf[targetOrg]!);
          if (!allowed)
            return expectPermissionDenied(response, deniedBody.ListPersonalAccessTokens);
          expect(response.status, response.text).to.equal(200);
          expect(response.body.result).to.have.length(1);
          expect(response.body.result[0].details.resourceOwner).to.equal(targetOrg);
          return;
        }

        if (operation === 'GetLabelPolicy') {
          const response = await getLabelPolicy(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.GetLabelPolicy);
          expect(response.status, response.text).to.equal(200);
          // Its own where the organization has one (the probes of SetLabelPolicy set some).
          const { isDefault, policy } = response.body;
          expect(policy.details.resourceOwner).to.equal(isDefault ? 'instance' : targetOrg);
          return;
        }

        if (operation === 'GetLoginPolicy' || operation === 'AdminGetLoginPolicy') {
          const api = operation === 'GetLoginPolicy' ? '/management' : '/admin';
          const response = await getLoginPolicy(api)(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody[operation]);
          expect(response.status, response.text).to.equal(200);
          // The organization's own where it has one (the probes of AddIDPToLoginPolicy make some);
          // the admin API's is the instance default whatever the target.
          const { policy } = response.body;
          const own = operation === 'GetLoginPolicy' && !policy.isDefault;
          expect(policy.details.resourceOwner).to.equal(own ? targetOrg : 'instance');
          return;
        }

        if (operation === 'ListOrgs') {
          const response = await listOrgs(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListOrgs);
          expect(response.status, response.text).to.equal(200);
          // The instance's organizations, whichever one the call names.
          const ids = (response.body.result as { id: string }[]).map((org) => org.id);
          expect(ids).to.include.members([homeOrg, otherOrg]);
          expect(response.body.details.totalResult).to.equal(
            String(await service.count('organizations')),
          );
          return;
        }

        if (operation === 'ListProviders') {
          const response = await listProviders(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListProviders);
          expect(response.status, response.text).to.equal(200);
          // The target organization's own (the probes add some) and the instance's.
          for (const idp of response.body.result as {
            owner: string;
            details: { resourceOwner: string };
          }[])
            expect(idp.details.resourceOwner).to.equal(
              idp.owner === 'IDP_OWNER_TYPE_SYSTEM' ? 'instance' : targetOrg,
            );
          return;
        }

        if (operation === 'GetMyOrg') {
          const response = await getMyOrg(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.GetMyOrg);
          expect(response.status, response.text).to.equal(200);
          expect(response.body.org.id).to.equal(targetOrg);
          return;
        }

        if (operation === 'ListUsers') {
          const response = await listUsers(caller.token, orgHeader);
          if (!allowed) return expectPermissionDenied(response, deniedBody.ListUsers);
          expect(response.status, response.text).to.equal(200);
          // The target organization's users as the read model holds them, and no one else.
          const counted = (await service.dataSource.query(
            "SELECT COUNT(*) AS total FROM user_read_models WHERE org_id = ? AND state <> 'removed'",
            [targetOrg],
          )) as { total: number | string }[];
          expect(response.body.details.totalResult).to.equal(String(counted[0]!.total));
          if (target !== 'other-org') expect(response.body.result).to.have.length(7);
          for (const user of response.body.result as { details: { resourceOwner: string } }[])
            expect(user.details.resourceOwner).to.equal(targetOrg);
          return;
        }

        if (operation in PROBES) {
          const probe = await PROBES[operation as ProbedName](targetOrg);
          const eventsBeforeCall = await service.count('events');
          const response = await probe.call(caller.token, orgHeader);
          if (allowed) {
            expect(response.status, response.text).to.equal(200);
            expect(response.body.details.resourceOwner).to.equal(probe.owner);
            expect(await probe.written()).to.equal(1);
          } else {
            expectPermissionDenied(response, deniedBody[operation as ProbedName]);
            expect(await probe.written()).to.equal(0);
            expect(await service.count('events')).to.equal(eventsBeforeCall);
          }
          return;
        }

        // UpdateProject: a project of the org the call names; for an unknown org, a project of
        // the caller's own org, which must not be reached by falling back to the caller's org.
        const projectId = (await buildProject(service, { orgId: targetOrg })).projectId;
        const before = await projectRow(projectId);
        const eventsOfProject = await service.count('events', 'aggregate_id = ?', [projectId]);
        const name = `Renamed ${suffix}`;
        const response = await updateProject(caller.token, orgHeader, projectId, name);
        if (allowed) {
          expect(response.status, response.text).to.equal(200);
          expect(response.body.details.resourceOwner).to.equal(targetOrg);
          const after = await projectRow(projectId);
          expect(after).to.include({
            name,
            orgId: targetOrg,
            projectRoleCheck: true,
            privateLabelingSetting:
              'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
            version: before.version + 1,
          });
          expect(response.body.details.sequence).to.equal(after.sequence);
        } else {
          expectPermissionDenied(response, deniedBody.UpdateProject);
          expect(await projectRow(projectId)).to.deep.equal(before);
          expect(await service.count('events', 'aggregate_id = ?', [projectId])).to.equal(
            eventsOfProject,
          );
        }
      });
    });
  },
);
