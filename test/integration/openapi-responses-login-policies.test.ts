import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { answeringService, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { buildMember, type BuiltMember } from '../support/factories.js';
import { buildProvider } from '../support/login-policy-providers.js';

const PATHS = /^\S+ \/(management|admin)\/v1\/policies\/(default\/)?login\S* /;

/**
 * The login policies' operations, an organization's and the instance default's: their real
 * responses, success and each documented error, held to the document the service serves, as
 * openapi-responses.test.ts holds the others'; in the end every response the document declares
 * for them must have been seen.
 */
describe('the login policies’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  const running = answeringService();
  const { conforms, call, answers, limitedAnswers, unseen, withoutTable } = documentedAnswers(
    () => running,
  );
  let admin: BuiltMember;
  const asAdmin = () => ({ token: admin.token, forbidden: { token: running.owner.token } });

  before(async () => {
    admin = await buildMember(running.service, { roles: ['IAM_OWNER'] });
  });

  it('GetLoginPolicy, GetDefaultLoginPolicy and the admin API’s GetLoginPolicy: each response declared', async () => {
    for (const path of ['/management/v1/policies/login', '/management/v1/policies/default/login']) {
      const got = await answers(['GET', path], withoutTable('login_policies'));
      expect(got.body.policy).to.include({ allowUsernamePassword: true, isDefault: true });
    }
    const read: Call = ['GET', '/admin/v1/policies/login'];
    const got = await answers(read, withoutTable('login_policies'), asAdmin());
    expect(got.headers.get('etag')).to.equal(`"${got.body.policy.details.sequence}"`);
  });

  it('an organization’s policy made, changed, its providers offered, listed, taken away, reset: each response declared', async () => {
    const idpId = await buildProvider(running.service, { orgId: running.owner.orgId });
    const add: Call = ['POST', '/management/v1/policies/login', { allowUsernamePassword: true }];
    await answers(add, 'org.login.policy.added');
    conforms(add, await call(add), 409);
    const update: Call = ['PUT', add[1], { allowExternalIdp: true }];
    await answers(update, 'org.login.policy.changed');
    const offer: Call = ['POST', '/management/v1/policies/login/idps', { idpId }];
    await answers(offer, 'org.login.policy.idp.added');
    conforms(offer, await call(offer), 409);
    conforms(offer, await call(['POST', offer[1], { idpId: 'none' }]), 404);
    const list: Call = ['POST', '/management/v1/policies/login/idps/_search', {}];
    expect((await answers(list, withoutTable('login_policy_idps'))).body.result).to.have.length(1);
    const remove: Call = ['DELETE', `/management/v1/policies/login/idps/${idpId}`];
    await answers(remove, 'org.login.policy.idp.removed');
    conforms(remove, await call(remove), 404);
    await answers(['DELETE', add[1]], 'org.login.policy.removed');
  });

  it('the instance default’s flags and providers through the admin API: each response declared', async () => {
    const idpId = await buildProvider(running.service, {
      orgId: admin.orgId,
      ownerType: 'instance',
    });
    await answers(
      ['PUT', '/admin/v1/policies/login', { allowUsernamePassword: false }],
      'instance.login.policy.changed',
      asAdmin(),
    );
    const offer: Call = ['POST', '/admin/v1/policies/login/idps', { idpId }];
    await answers(offer, 'instance.login.policy.idp.added', asAdmin());
    const asItself = { token: admin.token };
    conforms(offer, await call(offer, asItself), 409);
    conforms(offer, await call(['POST', offer[1], { idpId: 'none' }], asItself), 404);
    const list: Call = ['POST', '/admin/v1/policies/login/idps/_search', {}];
    await answers(list, withoutTable('login_policy_idps'), asAdmin());
    const remove: Call = ['DELETE', `/admin/v1/policies/login/idps/${idpId}`];
    await answers(remove, 'instance.login.policy.idp.removed', asAdmin());
    conforms(remove, await call(remove, asItself), 404);
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (): Call[] => [
      ['GET', '/management/v1/policies/login'],
      ['GET', '/management/v1/policies/default/login'],
      ['POST', '/management/v1/policies/login', {}],
      ['PUT', '/management/v1/policies/login', {}],
      ['DELETE', '/management/v1/policies/login'],
      ['POST', '/management/v1/policies/login/idps', { idpId: 'none' }],
      ['DELETE', '/management/v1/policies/login/idps/none'],
      ['POST', '/management/v1/policies/login/idps/_search', {}],
      ['GET', '/admin/v1/policies/login'],
      ['PUT', '/admin/v1/policies/login', {}],
      ['POST', '/admin/v1/policies/login/idps', { idpId: 'none' }],
      ['DELETE', '/admin/v1/policies/login/idps/none'],
      ['POST', '/admin/v1/policies/login/idps/_search', {}],
    ];
    // An instance owner holds every permission: the admin API's calls and the organization's.
    const instanceOwnerToken = async () =>
      (await buildMember(limited.service, { orgId: limited.orgId, roles: ['IAM_OWNER'] })).token;

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      await limitedAnswers(
        limited.service,
        () => Promise.resolve(calls()),
        instanceOwnerToken,
        () => limited.proxy.cut(),
      );
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
