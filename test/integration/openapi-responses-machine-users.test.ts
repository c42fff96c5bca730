import { expect } from 'chai';
import { createHumanUser } from '../../services/api/admin/users.js';
import { minimalImport } from '../support/requests.js';
import { storedPasskey } from '../support/administered-people.js';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';
import {
  buildIdp,
  buildMember,
  buildOwner,
  buildUser,
  type BuiltMember,
} from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';

const PATHS =
  / \/management\/v1\/(users\/machine|users\/\{userId\}\/(machine|secret|keys|pats)(?!\/_search)|users\/\{userId\}\/(profile|email|phone|password|_resend_initialization|auth_factors\/otp|passwordless|idps(?!\/_search))|orgs\/me\/members(?!\/_search))|^(POST \/management\/v1\/users\/\{id\}\/_\w+|DELETE \/management\/v1\/users\/\{id\}) /;

/**
 * The machine user, organization member and user lifecycle operations' real responses, success and each
 * documented error, held to the document the service serves, as openapi-responses.test.ts holds
 * the others'; in the end every response the document declares for them must have been seen.
 */
describe('the machine user, member and user lifecycle operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  let owner: BuiltMember;
  const { conforms, call, answers, limitedAnswers, unseen } = documentedAnswers(() => ({
    service,
    contract,
    owner,
  }));

  describe('on a running service', () => {
    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    /** `path` under a new machine user of the owner's organization. */
    const ofMachine = async (path = '') =>
      `/management/v1/users/${(await buildMachine(service, { owner })).userId}${path}`;

    it('LockUser, UnlockUser, DeactivateUser, ReactivateUser, RemoveUser: each response declared', async () => {
      const { userId } = await buildMember(service, { orgId: owner.orgId });
      const path = `/management/v1/users/${userId}`;
      const steps: [string, string][] = [
        ['_lock', 'user.human.locked'],
        ['_unlock', 'user.human.unlocked'],
        ['_deactivate', 'user.human.deactivated'],
        ['_reactivate', 'user.human.reactivated'],
      ];
      for (const [action, event] of steps) {
        const change: Call = ['POST', `${path}/${action}`, {}];
        const changed = await answers(change, event);
        expect(changed.body).to.have.keys('details');
        // Made again, the state it left refuses it.
        conforms(change, await call(change), 400);
        conforms(change, await call(['POST', `/management/v1/users/none/${action}`, {}]), 404);
      }
      const remove: Call = ['DELETE', path];
      await answers(remove, 'user.human.removed');
      conforms(remove, await call(remove), 404);
    });

    it('UpdateHumanProfile, UpdateHumanPhone, RemoveHumanPhone, SetHumanPassword, ResendHumanInitialization, RemoveHumanAuthFactorOTP, RemoveHumanPasswordless: each response declared', async () => {
      const userName = `documented-${Date.now()}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, owner.orgId, {
        ...minimalImport(userName),
        otpCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      });
      const path = `/management/v1/users/${userId}`;
      const none = (call: Call): Call => [call[0], call[1].replace(userId, 'none'), call[2]];
      const changes: [Call, string, Call | undefined][] = [
        [
          ['PUT', `${path}/profile`, { firstName: 'Grace', lastName: 'Hopper' }],
          'user.human.profile.changed',
          ['PUT', `${path}/profile`, { firstName: '', lastName: 'L' }],
        ],
        [
          ['PUT', `${path}/email`, { email: 'documented@zoo.example', isEmailVerified: true }],
          'user.human.email.changed',
          ['PUT', `${path}/email`, { email: 'none' }],
        ],
        [
          ['PUT', `${path}/phone`, { phone: '+41791234567' }],
          'user.human.phone.changed',
          ['PUT', `${path}/phone`, { phone: '079' }],
        ],
        [['DELETE', `${path}/phone`], 'user.human.phone.removed', undefined],
        [
          ['POST', `${path}/_resend_initialization`, {}],
          'user.human.init.code.requested',
          undefined,
        ],
        [
          ['POST', `${path}/password`, { password: 'Zoo-keeper-1!' }],
          'user.human.password.set',
          ['POST', `${path}/password`, {}],
        ],
        [['DELETE', `${path}/auth_factors/otp`], 'user.human.otp.removed', undefined],
      ];
      for (const [change, event, invalid] of changes) {
        await answers(change, event);
        conforms(change, await call(none(change)), 404);
        if (invalid) conforms(change, await call(invalid), 400);
      }
      // Each refused by the state the last left.
      conforms(changes[3]![0], await call(changes[3]![0]), 404);
      conforms(changes[6]![0], await call(changes[6]![0]), 404);
      const idpId = (await buildIdp(service, { orgId: owner.orgId })).idpId;
      const link: Call = ['POST', `${path}/idps`, { idpId, providedUserId: 'documented-sub' }];
      await answers(link, 'user.idp.link.added');
      conforms(link, await call(link), 409);
      conforms(link, await call(none(link)), 404);
      conforms(link, await call(['POST', link[1], { idpId: 'none', providedUserId: 's' }]), 400);
      const unlink: Call = ['DELETE', `${path}/idps/${idpId}/documented-sub`];
      await answers(unlink, 'user.idp.link.removed');
      conforms(unlink, await call(unlink), 404);
      const { id } = await storedPasskey(service, userId);
      const passkey: Call = ['DELETE', `${path}/passwordless/${id}`];
      await answers(passkey, 'user.human.passkey.removed');
      conforms(passkey, await call(passkey), 404);
    });

    it('AddMachineUser, UpdateMachineUser, RemoveMachineUser: each response declared', async () => {
      const body = { userName: 'documented-machine', name: 'Documented' };
      const add: Call = ['POST', '/management/v1/users/machine', body];
      const added = await answers(add, 'user.machine.added');
      expect(added.body).to.have.keys('userId', 'details');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', add[1], { userName: 'n' }]), 400);
      const path = `/management/v1/users/${added.body.userId}/machine`;
      const update: Call = ['PUT', path, { name: 'Renamed' }];
      await answers(update, 'user.machine.changed');
      conforms(
        update,
        await call(['PUT', '/management/v1/users/none/machine', { name: 'X' }]),
        404,
      );
      const remove: Call = ['DELETE', path];
      await answers(remove, 'user.machine.removed');
      conforms(remove, await call(remove), 404);
    });

    it('DeactivateMachineUser, ReactivateMachineUser: each response declared', async () => {
      const machine = await ofMachine('/machine');
      const deactivate: Call = ['POST', `${machine}/_deactivate`, {}];
      await answers(deactivate, 'user.machine.deactivated');
      conforms(deactivate, await call(deactivate), 400);
      const reactivate: Call = ['POST', `${machine}/_reactivate`, {}];
      await answers(reactivate, 'user.machine.reactivated');
      conforms(reactivate, await call(reactivate), 400);
      conforms(
        reactivate,
        await call(['POST', '/management/v1/users/none/machine/_reactivate', {}]),
        404,
      );
      conforms(
        deactivate,
        await call(['POST', '/management/v1/users/none/machine/_deactivate', {}]),
        404,
      );
    });

    it('AddMachineSecret, RemoveMachineSecret: each response declared', async () => {
      const secret = await ofMachine('/secret');
      const add: Call = ['PUT', secret, {}];
      const added = await answers(add, 'user.machine.secret.added');
      expect(added.body).to.have.keys('clientId', 'clientSecret', 'details');
      conforms(add, await call(['PUT', '/management/v1/users/none/secret', {}]), 404);
      const remove: Call = ['DELETE', secret];
      await answers(remove, 'user.machine.secret.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddMachineKey, RemoveMachineKey: each response declared', async () => {
      const keys = await ofMachine('/keys');
      const add: Call = ['POST', keys, { expirationDate: '2099-12-31T00:00:00+01:00' }];
      const added = await answers(add, 'user.machine.key.added');
      expect(added.body).to.have.keys('keyId', 'keyDetails', 'details');
      conforms(add, await call(['POST', keys, { publicKey: 'AAAA' }]), 400);
      conforms(add, await call(['POST', '/management/v1/users/none/keys', {}]), 404);
      const remove: Call = ['DELETE', `${keys}/${added.body.keyId}`];
      await answers(remove, 'user.machine.key.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddPersonalAccessToken, RemovePersonalAccessToken: each response declared', async () => {
      const pats = await ofMachine('/pats');
      const add: Call = ['POST', pats, {}];
      const added = await answers(add, 'user.pat.added');
      expect(added.body).to.have.keys('tokenId', 'token', 'details');
      conforms(add, await call(['POST', pats, { expirationDate: '1999-12-31T23:59:59Z' }]), 400);
      conforms(add, await call(['POST', '/management/v1/users/none/pats', {}]), 404);
      const remove: Call = ['DELETE', `${pats}/${added.body.tokenId}`];
      await answers(remove, 'user.pat.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddOrgMember, UpdateOrgMember, RemoveOrgMember: each response declared', async () => {
      const { userId } = await buildUser(service, { orgId: owner.orgId });
      const members = '/management/v1/orgs/me/members';
      const add: Call = ['POST', members, { userId, roles: ['ORG_PROJECT_OWNER'] }];
      await answers(add, 'org.member.added');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', members, { userId: 'none', roles: ['ORG_OWNER'] }]), 404);
      conforms(add, await call(['POST', members, { userId, roles: [] }]), 400);
      const update: Call = ['PUT', `${members}/${userId}`, { roles: ['ORG_USER_VIEWER'] }];
      await answers(update, 'org.member.changed');
      conforms(update, await call(['PUT', `${members}/${userId}`, { roles: [] }]), 400);
      conforms(update, await call(['PUT', `${members}/none`, { roles: ['ORG_OWNER'] }]), 404);
      const remove: Call = ['DELETE', `${members}/${userId}`];
      await answers(remove, 'org.member.removed');
      conforms(remove, await call(remove), 404);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (userId: string): Call[] => [
      ['POST', '/management/v1/users/machine', { userName: 'm', name: 'M' }],
      ['PUT', `/management/v1/users/${userId}/machine`, { name: 'M' }],
      ['DELETE', `/management/v1/users/${userId}/machine`],
      ['POST', `/management/v1/users/${userId}/machine/_deactivate`, {}],
      ['POST', `/management/v1/users/${userId}/machine/_reactivate`, {}],
      ['PUT', `/management/v1/users/${userId}/secret`, {}],
      ['DELETE', `/management/v1/users/${userId}/secret`],
      ['POST', `/management/v1/users/${userId}/keys`, {}],
      ['DELETE', `/management/v1/users/${userId}/keys/k`],
      ['POST', `/management/v1/users/${userId}/pats`, {}],
      ['DELETE', `/management/v1/users/${userId}/pats/t`],
      ['POST', '/management/v1/orgs/me/members', { userId, roles: ['ORG_OWNER'] }],
      ['PUT', `/management/v1/orgs/me/members/${userId}`, { roles: ['ORG_OWNER'] }],
      ['DELETE', `/management/v1/orgs/me/members/${userId}`],
      ...['_lock', '_unlock', '_deactivate', '_reactivate'].map((action): Call => [
        'POST',
        `/management/v1/users/${userId}/${action}`,
        {},
      ]),
      ['DELETE', `/management/v1/users/${userId}`],
      ['PUT', `/management/v1/users/${userId}/profile`, { firstName: 'A', lastName: 'B' }],
      ['PUT', `/management/v1/users/${userId}/phone`, { phone: '+41791234567' }],
      ['PUT', `/management/v1/users/${userId}/email`, { email: 'limited@zoo.example' }],
      ['DELETE', `/management/v1/users/${userId}/phone`],
      ['POST', `/management/v1/users/${userId}/password`, { password: 'Zoo-keeper-1!' }],
      ['POST', `/management/v1/users/${userId}/_resend_initialization`, {}],
      ['DELETE', `/management/v1/users/${userId}/auth_factors/otp`],
      ['DELETE', `/management/v1/users/${userId}/passwordless/p`],
      ['POST', `/management/v1/users/${userId}/idps`, { idpId: 'i', providedUserId: 's' }],
      ['DELETE', `/management/v1/users/${userId}/idps/i/s`],
    ];
    const ownerToken = async () =>
      (await buildMember(limited.service, { orgId: limited.orgId, roles: ['ORG_OWNER'] })).token;

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      const { userId } = await buildUser(limited.service, { orgId: limited.orgId });
      const setUp = () => Promise.resolve(calls(userId));
      await limitedAnswers(limited.service, setUp, ownerToken, () => limited.proxy.cut());
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
