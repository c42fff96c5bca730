import { expect } from 'chai';
import { ScimError } from '../../services/api/scim/scim-errors.js';
import { projected, projectionOf } from '../../services/api/scim/scim-projection.js';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const user = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  id: 'u1',
  externalId: 'e1',
  userName: 'ada',
  name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
  emails: [{ value: 'ada@x.example', primary: true }],
  phoneNumbers: [{ value: '+41791234567', primary: true }],
  active: true,
  [ENTERPRISE]: { department: 'Maths', manager: { value: 'u0', displayName: 'Charles' } },
  meta: { resourceType: 'User', version: 'W/"1"' },
};

const as = (parameters: { attributes?: unknown; excludedAttributes?: unknown }) =>
  projected(user, projectionOf(parameters));

describe('SCIM attributes and excludedAttributes (RFC 7644 §3.4.2.5, §3.9)', () => {
  it('answers everything when neither is given, or either names nothing', () => {
    expect(as({})).to.deep.equal(user);
    expect(as({ attributes: '', excludedAttributes: [' '] })).to.deep.equal(user);
  });

  it('answers the attributes asked, in any case and with the core URN, and id, schemas, meta', () => {
    expect(
      as({ attributes: 'USERNAME, urn:ietf:params:scim:schemas:core:2.0:User:active' }),
    ).to.deep.equal({
      schemas: user.schemas,
      id: 'u1',
      userName: 'ada',
      active: true,
      meta: user.meta,
    });
  });

  it('answers sub-attributes asked, in each value of a multi-valued attribute', () => {
    expect(
      as({ attributes: ['name.givenName', 'emails.value', 'phoneNumbers.type'] }),
    ).to.deep.equal({
      schemas: user.schemas,
      id: 'u1',
      name: { givenName: 'Ada' },
      emails: [{ value: 'ada@x.example' }],
      meta: user.meta,
    });
  });

  it("answers an extension's attributes by their URN, whole or in part", () => {
    expect(as({ attributes: `${ENTERPRISE}:manager.value` })[ENTERPRISE]).to.deep.equal({
      manager: { value: 'u0' },
    });
    expect(as({ attributes: ENTERPRISE.toUpperCase() })[ENTERPRISE]).to.deep.equal(
      user[ENTERPRISE],
    );
    expect(as({ excludedAttributes: `${ENTERPRISE}:department` })[ENTERPRISE]).to.deep.equal({
      manager: user[ENTERPRISE].manager,
    });
  });

  it('leaves out what is excluded, but never id, schemas or meta', () => {
    const answered = as({ excludedAttributes: 'emails,name.formatted,id,meta,schemas,userName.x' });
    expect(answered).not.to.have.property('emails');
    expect(answered.name).to.deep.equal({ givenName: 'Ada', familyName: 'Lovelace' });
    expect(answered).to.include({ id: 'u1', userName: 'ada' });
    expect(answered.meta).to.deep.equal(user.meta);
    expect(answered.schemas).to.deep.equal(user.schemas);
  });

  it('takes both: the attributes asked, less those excluded', () => {
    expect(
      as({ attributes: 'name,userName', excludedAttributes: 'name.familyName' }),
    ).to.deep.equal({
      schemas: user.schemas,
      id: 'u1',
      userName: 'ada',
      name: { givenName: 'Ada', formatted: 'Ada Lovelace' },
      meta: user.meta,
    });
  });

  it('refuses a value that is no list of names as invalidValue', () => {
    for (const attributes of [1, [1], { a: 1 }, null])
      expect(() => projectionOf({ attributes }))
        .to.throw(ScimError)
        .with.property('scimType', 'invalidValue');
  });
});
