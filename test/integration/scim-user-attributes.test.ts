import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { expectSameUser } from '../support/scim-protocol.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { pollUntil } from '../support/poll.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import {
  ENTERPRISE,
  expectScimError,
  PATCH_OP,
  person,
  scim,
  USER,
} from '../support/scim-client.js';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
const payloadOf = (payload: unknown) =>
  typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : payload;

/** What a directory keeps of a person beyond the profile: RFC 7643's attributes, as given. */
const KEPT = {
  title: 'Countess',
  userType: 'Employee',
  profileUrl: 'https://example.com/ada',
  timezone: 'Europe/London',
  locale: 'en-GB',
  addresses: [
    {
      type: 'work',
      streetAddress: '1 Analytical Row',
      locality: 'London',
      country: 'GB',
      primary: true,
    },
  ],
  phoneNumbers: [
    { value: '+41791234567', type: 'mobile', primary: true },
    { value: '+41441234567', type: 'work' },
  ],
  [ENTERPRISE]: {
    employeeNumber: '701984',
    costCenter: '4130',
    organization: 'Universal Studios',
    division: 'Theme Park',
    department: 'Tour Operations',
    manager: {
      value: '26118915-6090-4610-87e4-49d8ca9f808d',
      $ref: '../Users/26118915-6090-4610-87e4-49d8ca9f808d',
      displayName: 'John Smith',
    },
  },
};

describeOnEachDatabase(
  'SCIM 2.0 Users: the enterprise extension and the attributes kept as metadata',
  (service) => {
    let owner: BuiltMember;
    let pat: string;
    const types = async (id: string) => (await service.events(id)).map((event) => event.type);
    const create = async (body: unknown) => {
      const created = await scim(service, owner.orgId, 'POST', '/Users', { token: pat, body });
      expect(created.status, created.text).to.equal(201);
      return created.body;
    };
    const patch = (id: string, operations: unknown[], ifMatch?: string) =>
      scim(service, owner.orgId, 'PATCH', `/Users/${id}`, {
        token: pat,
        body: { schemas: [PATCH_OP], Operations: operations },
        ...(ifMatch !== undefined && { ifMatch }),
      });

    before(async () => {
      await service.startWorker();
      owner = await buildOwner(service);
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'], owner });
      pat = (await addPersonalAccessToken(service, machine)).token;
    });

    it('keeps on POST and answers on GET the enterprise extension and the other attributes, as given', async () => {
      const userName = unique('ent');
      const body = person(userName, {
        schemas: [USER, ENTERPRISE],
        name: {
          givenName: 'Ada',
          familyName: 'Lovelace',
          middleName: 'Augusta',
          honorificPrefix: 'Lady',
          formatted: 'Lady Ada Augusta Lovelace',
        },
        emails: [
          { value: `${userName}@example.com`, type: 'work', primary: true },
          { value: `${userName}@home.example`, type: 'home' },
        ],
        ...KEPT,
      });
      const created = await create(body);
      expect(created.schemas).to.deep.equal([USER, ENTERPRISE]);
      expect(created[ENTERPRISE]).to.deep.equal(KEPT[ENTERPRISE]);
      expect(created).to.deep.include({ ...KEPT, emails: body.emails });
      expect(created.name).to.deep.equal(body.name);
      const read = await scim(service, owner.orgId, 'GET', `/Users/${created.id}`, { token: pat });
      // The initialization email's event may move the version and lastModified meanwhile.
      expectSameUser(read.body, created);

      // Kept as the user's metadata through the operations: one `scim.` key per attribute.
      const metadata = await service.call(
        'POST',
        `/management/v1/users/${created.id}/metadata/_search`,
        {
          token: owner.token,
          body: { query: { asc: true } },
        },
      );
      const keys = metadata.body.result.map((entry: { key: string }) => entry.key);
      expect(keys).to.include.members([
        'scim.enterprise.department',
        'scim.enterprise.manager',
        'scim.title',
        'scim.emails',
        'scim.name.middleName',
      ]);
      const department = metadata.body.result.find(
        (e: { key: string }) => e.key === 'scim.enterprise.department',
      );
      expect(Buffer.from(department.value, 'base64').toString()).to.equal('"Tour Operations"');
      expect(await types(created.id)).to.include('user.metadata.set');
      // The primary entries are the user's own email and phone.
      const user = await service.call('GET', `/management/v1/users/${created.id}`, {
        token: owner.token,
      });
      expect(user.body.user.human.email.email).to.equal(`${userName}@example.com`);
      expect(user.body.user.human.phone.phone).to.equal('+41791234567');

      // The phone removed through the API: the kept list goes with it.
      const removed = await service.call('DELETE', `/management/v1/users/${created.id}/phone`, {
        token: owner.token,
      });
      expect(removed.status, removed.text).to.equal(200);
      // Read once the read model shows the removal (its version is the removal's sequence).
      const withoutPhone = await pollUntil(
        () => scim(service, owner.orgId, 'GET', `/Users/${created.id}`, { token: pat }),
        (answer) => answer.body.meta.version === `W/"${removed.body.details.sequence}"`,
      );
      expect(withoutPhone.body).not.to.have.property('phoneNumbers');

      // A filter and a list answer the same User.
      const listed = await scim(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
        { token: pat },
      );
      expect(listed.body.Resources).to.deep.equal([withoutPhone.body]);
    });

    it('changes the extension with PATCH as Microsoft Entra ID sends it, with PUT, and removes what is left out', async () => {
      const created = await create(
        person(unique('entra'), { schemas: [USER, ENTERPRISE], ...KEPT }),
      );
      const id = created.id as string;
      const manager = `${ENTERPRISE}:manager`;
      const patched = await patch(id, [
        // Entra ID: the manager's id as a plain string; Add where Replace is meant.
        { op: 'Add', path: manager, value: 'b1e7c2c0-0000-4000-8000-000000000001' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Research' },
        // A path-less replace whose value has attribute paths, the extension's among them.
        { op: 'replace', value: { title: 'Analyst', [`${ENTERPRISE}:costCenter`]: '9' } },
        { op: 'remove', path: 'addresses' },
      ]);
      expect(patched.status, patched.text).to.equal(200);
      expect(patched.body[ENTERPRISE]).to.deep.include({
        department: 'Research',
        costCenter: '9',
        manager: { value: 'b1e7c2c0-0000-4000-8000-000000000001' },
      });
      expect(patched.body.title).to.equal('Analyst');
      expect(patched.body).not.to.have.property('addresses');
      const read = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      // The initialization email's event may move the version and lastModified meanwhile.
      expectSameUser(read.body, patched.body);
      expect(await types(id)).to.include('user.metadata.removed');

      // Entra ID's removal of the manager.
      const noManager = await patch(id, [{ op: 'Remove', path: manager }]);
      expect(noManager.status, noManager.text).to.equal(200);
      expect(noManager.body[ENTERPRISE]).not.to.have.property('manager');

      // Nothing to change: no event, the same version.
      const before = await types(id);
      const same = await patch(id, [
        { op: 'replace', path: `${ENTERPRISE}:department`, value: 'Research' },
      ]);
      expect(same.body.meta.version).to.equal(noManager.body.meta.version);
      expect(await types(id)).to.deep.equal(before);

      // A PUT without the extension or the other attributes removes them all.
      const put = await scim(service, owner.orgId, 'PUT', `/Users/${id}`, {
        token: pat,
        body: person(created.userName as string),
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body.schemas).to.deep.equal([USER]);
      expect(put.body).not.to.have.property(ENTERPRISE);
      expect(put.body).not.to.have.property('title');
      const metadata = await service.call('POST', `/management/v1/users/${id}/metadata/_search`, {
        token: owner.token,
        body: {},
      });
      // The work email's type is still kept, as given.
      expect(metadata.body.result.map((e: { key: string }) => e.key)).to.deep.equal([
        'scim.emails',
      ]);

      expectScimError(
        await patch(id, [{ op: 'replace', path: `${ENTERPRISE}:department`, value: 7 }]),
        400,
        'invalidValue',
      );
      expectScimError(
        await patch(id, [{ op: 'replace', path: 'title', value: 'x'.repeat(20000) }]),
        400,
        'invalidValue',
      );
    });

    it('takes a phone number as the directory stores it: E.164 when it has a country code, otherwise kept only as given', async () => {
      const phoneOf = async (id: string) => {
        const user = await service.call('GET', `/management/v1/users/${id}`, {
          token: owner.token,
        });
        expect(user.status, user.text).to.equal(200);
        return user.body.user.human.phone?.phone as string | undefined;
      };
      const filtered = async (userName: string, filter: string) => {
        const found = await scim(
          service,
          owner.orgId,
          'GET',
          `/Users?filter=${encodeURIComponent(`userName eq "${userName}" and ${filter}`)}`,
          { token: pat },
        );
        expect(found.status, found.text).to.equal(200);
        return found.body.totalResults as number;
      };
      // As Microsoft's reference collection sends it: no country code, so no phone of the user's.
      const local = [{ value: '312-320-0932', type: 'work', primary: true }];
      const userName = unique('local');
      const created = await create(person(userName, { phoneNumbers: local }));
      const id = created.id as string;
      expect(created.phoneNumbers).to.deep.equal(local);
      const read = await scim(service, owner.orgId, 'GET', `/Users/${id}`, { token: pat });
      expect(read.body.phoneNumbers).to.deep.equal(local);
      expect(await phoneOf(id)).to.equal(undefined);
      // Filters search the user's E.164 phone alone.
      expect(await filtered(userName, 'phoneNumbers pr')).to.equal(0);

      // PATCH as Entra ID sends it: a global number with separators becomes the user's phone.
      const global = await patch(id, [
        { op: 'Replace', path: 'phoneNumbers[type eq "work"].value', value: '+1 (425) 555-0100' },
      ]);
      expect(global.status, global.text).to.equal(200);
      expect(global.body.phoneNumbers).to.deep.equal([{ ...local[0], value: '+1 (425) 555-0100' }]);
      expect(await phoneOf(id)).to.equal('+14255550100');
      expect(await types(id)).to.include('user.human.phone.changed');
      expect(await filtered(userName, 'phoneNumbers eq "+14255550100"')).to.equal(1);
      // The same number again, written as E.164: the same phone, the list as now given.
      const same = await patch(id, [
        { op: 'replace', path: 'phoneNumbers[type eq "work"].value', value: '+14255550100' },
      ]);
      expect(same.status, same.text).to.equal(200);
      expect(same.body.phoneNumbers).to.deep.equal([{ ...local[0], value: '+14255550100' }]);
      expect(await phoneOf(id)).to.equal('+14255550100');

      // And back: the phone removed, the number answered as given.
      const back = await patch(id, [
        { op: 'replace', path: 'phoneNumbers[type eq "work"].value', value: '312-320-0932' },
      ]);
      expect(back.status, back.text).to.equal(200);
      expect(back.body.phoneNumbers).to.deep.equal(local);
      expect(back.body.meta.version).not.to.equal(same.body.meta.version);
      expect(await phoneOf(id)).to.equal(undefined);
      expect(await types(id)).to.include('user.human.phone.removed');
      // Nothing to change: no event, the same version.
      const before = await types(id);
      const again = await patch(id, [
        { op: 'replace', path: 'phoneNumbers[type eq "work"].value', value: '312-320-0932' },
      ]);
      expect(again.body.meta.version).to.equal(back.body.meta.version);
      expect(await types(id)).to.deep.equal(before);
      // A PUT without phone numbers removes the kept list.
      const put = await scim(service, owner.orgId, 'PUT', `/Users/${id}`, {
        token: pat,
        body: person(userName),
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body).not.to.have.property('phoneNumbers');

      // Created with Entra ID's form: the user's phone in E.164, the number answered as given.
      const entra = [{ value: '+1 (425) 555-0100', type: 'mobile' }];
      const withPhone = await create(person(unique('entra'), { phoneNumbers: entra }));
      expect(withPhone.phoneNumbers).to.deep.equal([{ ...entra[0], primary: true }]);
      expect(await phoneOf(withPhone.id as string)).to.equal('+14255550100');
    });

    it('changes userName through UpdateUserName (PATCH and PUT): taken without regard to case is 409 uniqueness', async () => {
      const first = await create(person(unique('first')));
      const second = await create(person(unique('second')));
      const renamed = unique('renamed');
      const patched = await patch(first.id as string, [
        { op: 'replace', path: 'userName', value: renamed },
      ]);
      expect(patched.status, patched.text).to.equal(200);
      expect(patched.body.userName).to.equal(renamed);
      const events = await service.events(first.id as string);
      const changed = events.find((event) => event.type === 'user.username.changed');
      expect(payloadOf(changed!.payload)).to.deep.equal({
        userName: renamed,
        oldUserName: first.userName,
      });
      const found = await scim(
        service,
        owner.orgId,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${renamed.toUpperCase()}"`)}`,
        { token: pat },
      );
      expect(found.body.Resources.map((u: { id: string }) => u.id)).to.deep.equal([first.id]);

      const taken = await scim(service, owner.orgId, 'PUT', `/Users/${second.id}`, {
        token: pat,
        body: person(renamed.toUpperCase()),
      });
      expectScimError(taken, 409, 'uniqueness');
      // The externalId changes (UpdateUserExternalId), unique in the organization, and goes.
      const externalId = unique('id');
      const external = await create(person(unique('ext'), { externalId }));
      const other = await create(person(unique('ext2'), { externalId: unique('id') }));
      const moved = await patch(external.id as string, [
        { op: 'replace', path: 'externalId', value: `${externalId}-2` },
      ]);
      expect(moved.status).to.equal(200);
      expect(moved.body.externalId).to.equal(`${externalId}-2`);
      expectScimError(
        await patch(other.id as string, [
          { op: 'replace', path: 'externalId', value: `${externalId}-2` },
        ]),
        409,
        'uniqueness',
      );
      expectScimError(
        await patch(other.id as string, [{ op: 'replace', path: 'externalId', value: 42 }]),
        400,
        'invalidValue',
      );
      const removed = await patch(external.id as string, [{ op: 'remove', path: 'externalId' }]);
      expect(removed.status).to.equal(200);
      expect(removed.body).not.to.have.property('externalId');
      // Its old externalId is free again: another person takes it.
      const freed = await patch(other.id as string, [
        { op: 'replace', path: 'externalId', value: `${externalId}-2` },
      ]);
      expect(freed.body.externalId).to.equal(`${externalId}-2`);
    });

    it('creates a user deactivated for active false or "False", without an initialization email', async () => {
      for (const active of [false, 'False']) {
        const created = await create(person(unique('off'), { active, title: 'Intern' }));
        expect(created.active).to.equal(false);
        expect(created.title).to.equal('Intern');
        const events = await service.events(created.id as string);
        const seen = events.map((event) => event.type);
        expect(seen).to.include.members(['user.human.added', 'user.metadata.set']);
        expect(seen.at(-1)).to.equal('user.human.deactivated');
        // No password and a verified email: an active person would get the email.
        const added = payloadOf(events[0]!.payload) as Record<string, unknown>;
        expect(added).to.include({ initializationRequired: true, sendInitializationEmail: false });
        const user = await service.call('GET', `/management/v1/users/${created.id}`, {
          token: owner.token,
        });
        expect(user.body.user.state).to.equal('USER_STATE_INACTIVE');
      }
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          body: person(unique('x'), { active: 'maybe' }),
        }),
        400,
        'invalidValue',
      );
      // Bad extension data is refused before the import: nothing is made.
      const userName = unique('bad');
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          body: person(userName, { [ENTERPRISE]: { department: ['not', 'a', 'string'] } }),
        }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(service, owner.orgId, 'POST', '/Users', {
          token: pat,
          // Its JSON one byte over the metadata's 16 KiB (within the operation's base64 length).
          body: person(userName, { title: 'x'.repeat(16383) }),
        }),
        400,
        'invalidValue',
      );
      expect(await service.count('users', 'user_name = ?', [userName])).to.equal(0);
    });

    it('describes the enterprise extension in /Schemas and /ResourceTypes', async () => {
      const type = await scim(service, owner.orgId, 'GET', '/ResourceTypes/User');
      expect(type.body.schemaExtensions).to.deep.equal([{ schema: ENTERPRISE, required: false }]);
      const schema = await scim(service, owner.orgId, 'GET', `/Schemas/${ENTERPRISE}`);
      expect(schema.status, schema.text).to.equal(200);
      const names = schema.body.attributes.map((a: { name: string }) => a.name);
      expect(names).to.deep.equal([
        'employeeNumber',
        'costCenter',
        'organization',
        'division',
        'department',
        'manager',
      ]);
      const user = await scim(service, owner.orgId, 'GET', `/Schemas/${USER}`);
      const attribute = (name: string) =>
        user.body.attributes.find((a: { name: string }) => a.name === name);
      expect(attribute('userName')).to.include({
        mutability: 'readWrite',
        uniqueness: 'server',
        caseExact: false,
        required: true,
      });
      expect(attribute('externalId')).to.include({
        mutability: 'readWrite',
        uniqueness: 'server',
        caseExact: true,
      });
      expect(attribute('profileUrl')).to.include({ type: 'reference' });
      for (const name of ['title', 'userType', 'locale', 'timezone', 'addresses'])
        expect(attribute(name), name).to.include({ mutability: 'readWrite', returned: 'default' });
    });
  },
  { KAFKA_BROKERS: '' },
);
