import { expect } from 'chai';
import { User } from '../../shared/db/entities/index.js';
import { buildMember, buildOrg, buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { changeDetails, expectDetailsOfChange } from '../support/event-details.js';
import { expectServiceError } from '../support/service-error.js';

const fullProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  nickName: 'countess',
  displayName: 'Ada L.',
  preferredLanguage: 'de-ch',
  gender: 'GENDER_FEMALE',
};

describeOnEachDatabase('Update My Profile over HTTP', (service) => {
  let orgId: string;

  const user = (userId: string) =>
    service.dataSource.getRepository(User).findOneByOrFail({ id: userId });

  /** A fresh user of the test organization, so every test starts from a known profile. */
  const caller = () => buildMember(service, { orgId });

  /** Sends a request that must be refused and checks that nothing about the caller changed. */
  async function expectRefused(body: unknown, fields: string[]): Promise<void> {
    const { userId, token } = await caller();
    const rowBefore = await user(userId);
    const eventsBefore = (await service.events(userId)).length;
    const response = await service.updateMyProfile(body, { token });
    expectServiceError(response, { status: 400, code: 3, fields });
    expect(await user(userId)).to.deep.equal(rowBefore);
    expect(await service.events(userId)).to.have.length(eventsBefore);
  }

  before(async () => {
    orgId = (await buildOrg(service, { name: 'Profile Org' })).orgId;
  });

  it('changes the profile and answers with the details of the recorded event', async () => {
    const { userId, token } = await caller();
    const before = await user(userId);
    const eventsBefore = await service.events(userId);

    const response = await service.updateMyProfile(fullProfile, { token });

    expect(response.status).to.equal(200);
    const events = await service.events(userId);
    expect(events).to.have.length(eventsBefore.length + 1);
    const event = events.at(-1)!;
    expect(event.type).to.equal('user.human.profile.changed');
    expect(event.aggregateType).to.equal('user');
    expect(event.aggregateVersion).to.equal(eventsBefore.at(-1)!.aggregateVersion + 1);
    expect(event.orgId).to.equal(orgId);
    expect(event.payload).to.deep.equal({ ...fullProfile, preferredLanguage: 'de-CH' });

    expect(response.body).to.deep.equal({ details: changeDetails(event, orgId) });
    const { details } = response.body;
    expectDetailsOfChange(details, before);

    const stored = await user(userId);
    expect(stored).to.include({ ...fullProfile, preferredLanguage: 'de-CH' });
    expect(stored.sequence).to.equal(details.sequence);
    expect(stored.changeDate.toISOString()).to.equal(details.changeDate);
    expect(stored.version).to.equal(before.version + 1);
    expect(stored.creationDate.toISOString()).to.equal(before.creationDate.toISOString());
  });

  it('replaces the whole profile: omitted optional fields are cleared', async () => {
    const { userId, token } = await caller();
    expect((await service.updateMyProfile(fullProfile, { token })).status).to.equal(200);

    const minimal = { firstName: 'Grace', lastName: 'Hopper', displayName: 'Grace H.' };
    const response = await service.updateMyProfile(minimal, { token });

    expect(response.status).to.equal(200);
    const cleared = {
      ...minimal,
      nickName: null,
      preferredLanguage: null,
      gender: 'GENDER_UNSPECIFIED',
    };
    expect(await user(userId)).to.include(cleared);
    const event = (await service.events(userId)).at(-1)!;
    expect(event.type).to.equal('user.human.profile.changed');
    expect(event.payload).to.deep.equal(cleared);
    expect(response.body.details.sequence).to.equal(event.position);
  });

  it('stores preferredLanguage in canonical form', async () => {
    const { userId, token } = await caller();
    const response = await service.updateMyProfile(
      { firstName: 'A', lastName: 'B', displayName: 'A B', preferredLanguage: 'EN-gb' },
      { token },
    );
    expect(response.status).to.equal(200);
    expect((await user(userId)).preferredLanguage).to.equal('en-GB');
    expect((await service.events(userId)).at(-1)!.payload.preferredLanguage).to.equal('en-GB');
  });

  it('answers an unchanged profile with the current details and records no event', async () => {
    const { userId, token } = await caller();
    const first = await service.updateMyProfile(fullProfile, { token });
    expect(first.status).to.equal(200);
    const rowAfterFirst = await user(userId);
    const eventsAfterFirst = await service.events(userId);

    const again = await service.updateMyProfile(fullProfile, { token });
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(first.body);

    // The same profile with the language already in canonical form is no change either.
    const canonical = await service.updateMyProfile(
      { ...fullProfile, preferredLanguage: 'de-CH' },
      { token },
    );
    expect(canonical.status).to.equal(200);
    expect(canonical.body).to.deep.equal(first.body);

    expect(await service.events(userId)).to.have.length(eventsAfterFirst.length);
    expect(await user(userId)).to.deep.equal(rowAfterFirst);
  });

  it('refuses missing or empty required fields, naming each one', async () => {
    await expectRefused({}, ['firstName', 'lastName', 'displayName']);
    await expectRefused({ lastName: 'B' }, ['firstName', 'displayName']);
    await expectRefused({ firstName: '', lastName: 'B' }, ['firstName', 'displayName']);
    await expectRefused({ firstName: 'A', lastName: '', displayName: 'A B' }, ['lastName']);
    await expectRefused({ firstName: 'A', lastName: 'B', displayName: '' }, ['displayName']);
  });

  it('refuses an empty nickName', async () => {
    await expectRefused({ firstName: 'A', lastName: 'B', displayName: 'A B', nickName: '' }, [
      'nickName',
    ]);
  });

  it('refuses fields over 200 characters and accepts 200', async () => {
    const valid = { firstName: 'A', lastName: 'B', displayName: 'A B', nickName: 'ab' };
    for (const field of ['firstName', 'lastName', 'nickName', 'displayName'] as const) {
      await expectRefused({ ...valid, [field]: 'x'.repeat(201) }, [field]);
    }
    await expectRefused({ ...valid, firstName: 'x'.repeat(201), displayName: 'y'.repeat(201) }, [
      'firstName',
      'displayName',
    ]);
    const { userId, token } = await caller();
    const longest = {
      firstName: 'f'.repeat(200),
      lastName: 'l'.repeat(200),
      nickName: 'n'.repeat(200),
      displayName: 'd'.repeat(200),
    };
    expect((await service.updateMyProfile(longest, { token })).status).to.equal(200);
    expect(await user(userId)).to.include(longest);
  });

  it('refuses a preferredLanguage over 10 characters or not a BCP 47 tag', async () => {
    const valid = { firstName: 'A', lastName: 'B', displayName: 'A B' };
    // Well-formed, but 11 characters long.
    await expectRefused({ ...valid, preferredLanguage: 'en-US-posix' }, ['preferredLanguage']);
    await expectRefused({ ...valid, preferredLanguage: 'de_CH!' }, ['preferredLanguage']);
  });

  it('refuses a gender that is not one of the enum names', async () => {
    const valid = { firstName: 'A', lastName: 'B', displayName: 'A B' };
    await expectRefused({ ...valid, gender: 'GENDER_OTHER' }, ['gender']);
    await expectRefused({ ...valid, gender: 1 }, ['gender']);
  });

  it('refuses an unknown field, naming it', async () => {
    const valid = { firstName: 'A', lastName: 'B', displayName: 'A B' };
    await expectRefused({ ...valid, email: 'a@example.com' }, ['email']);
    await expectRefused({ ...valid, profile: {} }, ['profile']);
  });

  it('refuses a call without credentials', async () => {
    const response = await service.updateMyProfile(fullProfile);
    expect(response.status).to.equal(401);
    expect(response.body.code).to.equal(16);
  });

  it('ignores x-service-orgid: the caller always updates their own profile', async () => {
    const other = await buildOwner(service);
    const { userId, token } = await caller();

    const response = await service.updateMyProfile(fullProfile, { token, orgId: other.orgId });

    expect(response.status).to.equal(200);
    expect(response.body.details.resourceOwner).to.equal(orgId);
    expect(await user(userId)).to.include({ ...fullProfile, preferredLanguage: 'de-CH' });
    const event = (await service.events(userId)).at(-1)!;
    expect(event.type).to.equal('user.human.profile.changed');
    expect(event.orgId).to.equal(orgId);

    // An organization that does not exist changes nothing either.
    const unknownOrg = await service.updateMyProfile(
      { ...fullProfile, nickName: 'again' },
      { token, orgId: '00000000-0000-0000-0000-000000000000' },
    );
    expect(unknownOrg.status).to.equal(200);
    expect(unknownOrg.body.details.resourceOwner).to.equal(orgId);
    expect((await user(userId)).nickName).to.equal('again');
    expect(await user(other.userId)).to.include({ firstName: 'Test', lastName: 'Member' });
  });

  it('changes only the caller’s own row', async () => {
    const me = await caller();
    const neighbour = await caller();
    const neighbourBefore = await user(neighbour.userId);
    const neighbourEvents = (await service.events(neighbour.userId)).length;

    const response = await service.updateMyProfile(fullProfile, { token: me.token });

    expect(response.status).to.equal(200);
    expect(await user(me.userId)).to.include({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(await user(neighbour.userId)).to.deep.equal(neighbourBefore);
    expect(await service.events(neighbour.userId)).to.have.length(neighbourEvents);
  });
});
