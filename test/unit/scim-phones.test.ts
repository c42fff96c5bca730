import { expect } from 'chai';
import { ScimError } from '../../services/api/scim/scim-errors.js';
import { changesOf } from '../../services/api/scim/scim-changes.js';
import { isUserPhone, userPhoneOf } from '../../services/api/scim/scim-phones.js';
import { metadataOf } from '../../services/api/scim/scim-attributes.js';
import type { UserView } from '../../services/api/queries/user-views.js';
import { scimUserOf, USER_SCHEMA, userToCreateOf } from '../../services/api/scim/scim-users.js';

const person = (phoneNumbers: unknown) => ({
  schemas: [USER_SCHEMA],
  userName: 'ada',
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  displayName: 'Ada Lovelace',
  emails: [{ value: 'ada@x.example', primary: true }],
  ...(phoneNumbers !== undefined && { phoneNumbers }),
});

const userWith = (phone?: string): UserView => ({
  id: 'u1',
  details: {
    sequence: '7',
    creationDate: new Date(0),
    changeDate: new Date(0),
    resourceOwner: 'o',
  },
  state: 'USER_STATE_ACTIVE',
  userName: 'ada',
  loginNames: [],
  preferredLoginName: 'ada',
  human: {
    profile: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      gender: 'GENDER_UNSPECIFIED',
    },
    email: { email: 'ada@x.example', isEmailVerified: true },
    ...(phone !== undefined && { phone: { phone, isPhoneVerified: true } }),
  },
});

describe('SCIM phone numbers: the user phone in E.164, others kept as given', () => {
  it('normalises a global number written with separators, and only that', () => {
    expect(userPhoneOf('+1 (425) 555-0100')).to.equal('+14255550100');
    expect(userPhoneOf('+41 79 123 45 67')).to.equal('+41791234567');
    expect(userPhoneOf('tel:+41-79-123-45-67')).to.equal('+41791234567');
    expect(userPhoneOf(' +14255550100 ')).to.equal('+14255550100');
    // No country code: which country would be a guess.
    expect(userPhoneOf('312-320-0932')).to.equal(undefined);
    expect(userPhoneOf('425-555-0100')).to.equal(undefined);
    expect(userPhoneOf('+1 555')).to.equal(undefined);
    expect(userPhoneOf(4255550100)).to.equal(undefined);
    expect(userPhoneOf(undefined)).to.equal(undefined);
    expect(isUserPhone('+1 (425) 555-0100', '+14255550100')).to.equal(true);
    expect(isUserPhone('312-320-0932', undefined)).to.equal(false);
    expect(isUserPhone('+14255550100', '+41791234567')).to.equal(false);
  });

  it('creates the user with the E.164 phone, or none, and keeps a list not in E.164 as given', () => {
    const global = userToCreateOf(person([{ value: '+1 (425) 555-0100', type: 'work' }]));
    expect(global.import.phone).to.deep.equal({ phone: '+14255550100', isPhoneVerified: true });
    const local = userToCreateOf(person([{ value: '312-320-0932', primary: true }]));
    expect(local.import).not.to.have.property('phone');
    expect(local.metadata.map((entry) => entry.key)).to.deep.equal(['scim.phoneNumbers']);
    // A lone E.164 primary is the user's phone alone: nothing to keep.
    expect(metadataOf(person([{ value: '+14255550100', primary: true }]))).to.deep.equal([]);
    expect(() => userToCreateOf(person([{ value: 4255550100 }]))).to.throw(ScimError);
  });

  it('answers a kept number as given: without a user phone, and when it names the user phone', () => {
    const given = [{ value: '312-320-0932', type: 'work', primary: true }];
    const local = userToCreateOf(person(given)).metadata;
    expect(scimUserOf(userWith(), 'l', local).phoneNumbers).to.deep.equal(given);
    // A phone set through the operations since is answered in the primary entry.
    expect(scimUserOf(userWith('+41791234567'), 'l', local).phoneNumbers).to.deep.equal([
      { ...given[0], value: '+41791234567' },
    ]);

    const written = [{ value: '+1 (425) 555-0100', primary: true }];
    const global = userToCreateOf(person(written)).metadata;
    expect(scimUserOf(userWith('+14255550100'), 'l', global).phoneNumbers).to.deep.equal(written);
    // Removed through the operations: the kept list goes with it.
    expect(scimUserOf(userWith(), 'l', global)).not.to.have.property('phoneNumbers');
  });

  it('changes the user phone only to an E.164 number, and removes it for one kept as given', () => {
    const kinds = (user: UserView, phoneNumbers: unknown) =>
      changesOf(user, [], person(phoneNumbers)).map((change) => change.kind);
    expect(kinds(userWith('+14255550100'), [{ value: '312-320-0932' }])).to.deep.equal([
      'removePhone',
      'setMetadata',
    ]);
    expect(kinds(userWith(), [{ value: '+1 (425) 555-0100' }])).to.deep.equal([
      'phone',
      'setMetadata',
    ]);
    expect(kinds(userWith('+14255550100'), [{ value: '+14255550100' }])).to.deep.equal([]);
    const kept = userToCreateOf(person([{ value: '312-320-0932' }])).metadata;
    expect(changesOf(userWith(), kept, person([{ value: '312-320-0932' }]))).to.deep.equal([]);
    expect(
      changesOf(userWith(), kept, person([{ value: '+14255550100' }])).map((c) => c.kind),
    ).to.deep.equal(['phone', 'removeMetadata']);
  });
});
