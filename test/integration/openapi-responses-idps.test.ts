import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { answeringService, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { buildIdp, buildMember } from '../support/factories.js';
import { IDPS, oauthProvider, oidcProvider } from '../support/identity-providers.js';

const PATHS = /^\S+ \/(management|admin)\/v1\/idps\//;

/**
 * The identity providers' operations, an organization's and the instance's: their real
 * responses, success and each documented error, held to the document the service serves, as
 * openapi-responses.test.ts holds the others'; in the end every response the document declares
 * for them must have been seen.
 */
describe('the identity providers’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  const running = answeringService();
  const { conforms, call, answers, limitedAnswers, unseen, withoutTable } = documentedAnswers(
    () => running,
  );

  for (const owner of ['org', 'instance'] as const) {
    it(`${owner === 'org' ? 'ManagementService' : 'AdminService'}: each response of each operation declared`, async () => {
      const admin = await buildMember(running.service, { roles: ['IAM_OWNER'] });
      const as =
        owner === 'org' ? {} : { token: admin.token, forbidden: { token: running.owner.token } };
      const token = owner === 'org' ? running.owner.token : admin.token;
      const base = IDPS[owner];
      const { clientSecret: _none, ...unsealed } = oidcProvider({ name: 'Documented SSO' });

      const addOidc: Call = ['POST', `${base}/generic_oidc`, oidcProvider()];
      const oidc = await answers(addOidc, 'idp.config.added', as);
      expect(oidc.body).to.have.keys('id', 'details');
      conforms(addOidc, await call(['POST', addOidc[1], { issuer: 'http://x' }], { token }), 400);
      const addOauth: Call = ['POST', `${base}/generic_oauth`, oauthProvider()];
      const oauth = await answers(addOauth, 'idp.config.added', as);

      const updateOidc: Call = ['PUT', `${base}/generic_oidc/${oidc.body.id}`, unsealed];
      await answers(updateOidc, 'idp.config.changed', as);
      const mismatch: Call = ['PUT', `${base}/generic_oidc/${oauth.body.id}`, unsealed];
      conforms(mismatch, await call(mismatch, { token }), 400);
      const nowhere: Call = ['PUT', `${base}/generic_oidc/none`, unsealed];
      conforms(nowhere, await call(nowhere, { token }), 404);
      const { clientSecret: _kept, ...renamed } = oauthProvider({ name: 'Documented GitHub' });
      const updateOauth: Call = ['PUT', `${base}/generic_oauth/${oauth.body.id}`, renamed];
      await answers(updateOauth, 'idp.config.changed', as);
      const otherKind: Call = ['PUT', `${base}/generic_oauth/${oidc.body.id}`, renamed];
      conforms(otherKind, await call(otherKind, { token }), 400);
      const oauthNowhere: Call = ['PUT', `${base}/generic_oauth/none`, renamed];
      conforms(oauthNowhere, await call(oauthNowhere, { token }), 404);

      const get: Call = ['GET', `${base}/templates/${oidc.body.id}`];
      const got = await answers(get, withoutTable('idp_configs'), as);
      expect(got.headers.get('etag')).to.equal(`"${got.body.idp.details.sequence}"`);
      conforms(get, await call(['GET', `${base}/templates/none`], { token }), 404);
      const list: Call = ['POST', `${base}/templates/_search`, { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('idp_configs'), as);
      expect(listed.body).to.have.keys('details', 'result');
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }], { token }), 400);

      // Deactivated (GetProviderByID says so), refused a second time; reactivated likewise.
      const deactivate: Call = ['POST', `${base}/${oidc.body.id}/_deactivate`, {}];
      await answers(deactivate, 'idp.config.deactivated', as);
      conforms(deactivate, await call(deactivate, { token }), 400);
      const inactive = await call(get, { token });
      expect(inactive.body.idp.state).to.equal('IDP_STATE_INACTIVE');
      const reactivate: Call = ['POST', `${base}/${oidc.body.id}/_reactivate`, {}];
      await answers(reactivate, 'idp.config.reactivated', as);
      conforms(reactivate, await call(reactivate, { token }), 400);
      expect((await call(get, { token })).body.idp.state).to.equal('IDP_STATE_ACTIVE');
      for (const verb of ['_deactivate', '_reactivate']) {
        const unknown: Call = ['POST', `${base}/none/${verb}`, {}];
        conforms(unknown, await call(unknown, { token }), 404);
      }

      const remove: Call = ['DELETE', `${base}/templates/${oauth.body.id}`];
      await answers(remove, 'idp.config.removed', as);
      conforms(remove, await call(remove, { token }), 404);
    });
  }

  it('configures a provider identityctl made, which has no secret to keep', async () => {
    const { idpId } = await buildIdp(running.service, { orgId: running.owner.orgId });
    const { clientSecret: _none, ...unsealed } = oidcProvider();
    const update: Call = ['PUT', `${IDPS.org}/generic_oidc/${idpId}`, unsealed];
    conforms(update, await call(update), 400);
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (): Call[] =>
      Object.values(IDPS).flatMap((base): Call[] => [
        ['POST', `${base}/generic_oidc`, oidcProvider()],
        ['PUT', `${base}/generic_oidc/none`, oidcProvider()],
        ['POST', `${base}/generic_oauth`, oauthProvider()],
        ['PUT', `${base}/generic_oauth/none`, oauthProvider()],
        ['GET', `${base}/templates/none`],
        ['POST', `${base}/templates/_search`, {}],
        ['DELETE', `${base}/templates/none`],
        ['POST', `${base}/none/_deactivate`, {}],
        ['POST', `${base}/none/_reactivate`, {}],
      ]);
    /** An ORG_OWNER, or for the instance's operations an IAM_OWNER. */
    const ownerToken = async (path = '') => {
      const roles = [path.startsWith(IDPS.instance) ? 'IAM_OWNER' : 'ORG_OWNER'];
      return (await buildMember(limited.service, { orgId: limited.orgId, roles })).token;
    };

    it('answers 429 past the limit, and 503 while the database is unreachable', () =>
      limitedAnswers(
        limited.service,
        () => Promise.resolve(calls()),
        ownerToken,
        () => limited.proxy.cut(),
      ));
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
