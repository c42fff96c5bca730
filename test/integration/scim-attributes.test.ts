import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import type { ApiResponse } from '../support/test-service.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

describeOnEachDatabase(
  'SCIM attributes and excludedAttributes on every User answer',
  (service) => {
    let owner: BuiltMember;
    let id: string;
    const userName = `attrs-${randomBytes(5).toString('hex')}`;

    const scim = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
      service.call(method, `/scim/v2/${owner.orgId}${path}`, {
        token: owner.token,
        headers: { 'content-type': 'application/scim+json' },
        ...(body !== undefined && { rawBody: JSON.stringify(body) }),
      });

    /** The answer's attribute names, sorted. */
    const namesOf = (user: Record<string, unknown>) => Object.keys(user).sort();

    before(async () => {
      await service.startWorker();
      owner = await buildOwner(service);
    });

    it('POST answers the attributes asked, with id, schemas and meta, and Location and ETag', async () => {
      const created = await scim('POST', '/Users?attributes=userName,name.givenName', {
        schemas: [USER],
        userName,
        name: { givenName: 'Ada', familyName: 'Lovelace' },
        emails: [{ value: `${userName}@example.com`, primary: true }],
        nickName: 'ada',
      });
      expect(created.status, created.text).to.equal(201);
      expect(namesOf(created.body)).to.deep.equal(['id', 'meta', 'name', 'schemas', 'userName']);
      expect(created.body.name).to.deep.equal({ givenName: 'Ada' });
      expect(created.headers.get('etag')).to.equal(created.body.meta.version);
      expect(created.headers.get('location')).to.equal(created.body.meta.location);
      id = created.body.id;
    });

    it('GET by id leaves out what is excluded, names in any case and with the URN', async () => {
      const got = await scim(
        'GET',
        `/Users/${id}?excludedAttributes=EMAILS,${USER}:nickName,name.formatted,id`,
      );
      expect(got.status, got.text).to.equal(200);
      expect(got.body).not.to.have.property('emails');
      expect(got.body).not.to.have.property('nickName');
      expect(got.body.name).to.deep.equal({ givenName: 'Ada', familyName: 'Lovelace' });
      expect(got.body).to.include({ id, userName, active: true });
    });

    it('a list and .search answer each User as asked', async () => {
      const filter = encodeURIComponent(`userName eq "${userName}"`);
      const listed = await scim('GET', `/Users?filter=${filter}&attributes=emails.value`);
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.Resources).to.have.length(1);
      expect(namesOf(listed.body.Resources[0])).to.deep.equal(['emails', 'id', 'meta', 'schemas']);
      expect(listed.body.Resources[0].emails).to.deep.equal([{ value: `${userName}@example.com` }]);

      const searched = await scim('POST', '/Users/.search', {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
        filter: `userName eq "${userName}"`,
        attributes: ['displayName'],
      });
      expect(searched.status, searched.text).to.equal(200);
      expect(namesOf(searched.body.Resources[0])).to.deep.equal([
        'displayName',
        'id',
        'meta',
        'schemas',
      ]);
    });

    it('PUT and PATCH answer as asked; a value that is no list of names is invalidValue', async () => {
      const patched = await scim('PATCH', `/Users/${id}?attributes=nickName`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'nickName', value: 'countess' }],
      });
      expect(patched.status, patched.text).to.equal(200);
      expect(namesOf(patched.body)).to.deep.equal(['id', 'meta', 'nickName', 'schemas']);
      expect(patched.body.nickName).to.equal('countess');

      const search = await scim('POST', '/Users/.search', { attributes: 1 });
      expect(search.status, search.text).to.equal(400);
      expect(search.body.scimType).to.equal('invalidValue');

      const put = await scim('PUT', `/Users/${id}?excludedAttributes=name,emails,meta`, {
        schemas: [USER],
        userName,
        name: { givenName: 'Ada', familyName: 'Byron' },
        emails: [{ value: `${userName}@example.com`, primary: true }],
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body).not.to.have.property('name');
      expect(put.body).not.to.have.property('emails');
      expect(put.body.meta.version).to.equal(put.headers.get('etag'));
    });
  },
  { KAFKA_BROKERS: '' },
);
