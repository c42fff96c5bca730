import { expect } from 'chai';
import { Project, User, UserIdpLink } from '../../shared/db/entities/index.js';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { ProjectReadModelConsumer } from '../../services/worker/consumers/read-models/project-read-model.consumer.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import {
  projectAsRead,
  projectAsWritten,
  userAsRead,
  userAsWritten,
} from '../support/read-model-expectations.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';

/**
 * `length` characters (code points, as the limits, ajv and MySQL count them) of 4-byte UTF-8 ones,
 * so that a column counting bytes, or a length counted in UTF-16 units, would show.
 */
const astral = (length: number, first = 0x1d552) =>
  Array.from({ length }, (_, index) => String.fromCodePoint(first + (index % 26))).join('');
/** U+1D160 to U+1D164 are three characters in NFC: the longest unique-name key a name can have. */
const expanding = (length: number, codePoint = 0x1d160) =>
  String.fromCodePoint(codePoint).repeat(length);

const maxima = {
  userName: () => expanding(200),
  firstName: () => astral(200),
  lastName: () => astral(200, 0x1f600), // emoji, U+1F600 to U+1F619
  nickName: () => astral(200, 0x1d56c),
  displayName: () => astral(200, 0x1d5a0),
  preferredLanguage: 'de-CH-1996',
  email: `${'e'.repeat(64)}@${`${'d'.repeat(62)}.`.repeat(4)}${'c'.repeat(3)}`,
  phone: `+41${' '.repeat(38)}791234567`,
  password: () => `Aa1!${astral(252)}`,
  // The longest hash accepted: argon2id with 64-byte salt and hash.
  hashedPassword: `$argon2id$v=19$m=65536,t=32,p=16$${'A'.repeat(86)}$${'B'.repeat(85)}A`,
  otpCode: 'A'.repeat(128),
};

describeOnEachDatabase('inputs at the limits of the spec and the schemas', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  let counter = 0;
  const minimalUser = () => ({
    userName: `limits-${++counter}`,
    profile: { firstName: 'Ada', lastName: 'Lovelace' },
    email: { email: 'ada@example.com' },
  });
  const user = (id: string) => service.dataSource.getRepository(User).findOneByOrFail({ id });

  /** Reduces the aggregate's events into its read model, as the worker would. */
  async function reduce(aggregateId: string, kind: 'user' | 'project'): Promise<void> {
    const consumer =
      kind === 'user'
        ? new UserReadModelConsumer(service.dataSource)
        : new ProjectReadModelConsumer(service.dataSource);
    const events = await service.events(aggregateId);
    await consumer.performAll(events.map((event) => toCloudEvent(event, 'urn:test')));
  }

  before(async () => {
    expect(maxima.email).to.have.length(320);
    expect(maxima.phone).to.have.length(50);
    owner = await buildOwner(service);
  });

  const alone: [string, (body: any) => void][] = [
    ['userName', (body) => (body.userName = maxima.userName())],
    ['profile.firstName', (body) => (body.profile.firstName = maxima.firstName())],
    ['profile.lastName', (body) => (body.profile.lastName = maxima.lastName())],
    ['profile.nickName', (body) => (body.profile.nickName = maxima.nickName())],
    ['profile.displayName', (body) => (body.profile.displayName = maxima.displayName())],
    ['profile.preferredLanguage', (body) => (body.profile.preferredLanguage = 'de-CH-1996')],
    ['email.email', (body) => (body.email.email = maxima.email)],
    ['phone.phone', (body) => (body.phone = { phone: maxima.phone })],
    ['password', (body) => (body.password = maxima.password())],
    ['hashedPassword.value', (body) => (body.hashedPassword = { value: maxima.hashedPassword })],
    ['otpCode', (body) => (body.otpCode = maxima.otpCode)],
  ];
  for (const [field, set] of alone) {
    it(`imports a user with ${field} at its maximum`, async () => {
      const body = minimalUser();
      set(body);
      const response = await service.importUser(body, { token: owner.token });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
    });
  }

  it('imports a user with every field at its maximum at once, and reads it back', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const idps = Array.from({ length: 20 }, (_, index) => ({
      configId: idp,
      externalUserId: astral(199) + String.fromCodePoint(0x1f400 + index),
      displayName: astral(200, 0x1d670),
    }));
    const body = {
      userName: expanding(200, 0x1d161),
      profile: {
        firstName: maxima.firstName(),
        lastName: maxima.lastName(),
        nickName: maxima.nickName(),
        preferredLanguage: maxima.preferredLanguage,
        gender: 'GENDER_DIVERSE',
      },
      email: { email: maxima.email, isEmailVerified: true },
      phone: { phone: maxima.phone, isPhoneVerified: true },
      password: maxima.password(),
      passwordChangeRequired: true,
      requestPasswordlessRegistration: true,
      otpCode: maxima.otpCode,
      idps,
    };
    const response = await service.importUser(body, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const userId: string = response.body.userId;
    const row = await user(userId);
    expect(row).to.include({
      userName: body.userName,
      firstName: body.profile.firstName,
      lastName: body.profile.lastName,
      nickName: body.profile.nickName,
      // "firstName lastName" is 401 characters: the first 200 are kept, the space trimmed.
      displayName: body.profile.firstName,
      preferredLanguage: 'de-CH-1996',
      email: body.email.email,
      phone: '+41791234567',
    });
    expect(row.userNameLower).to.have.length(3 * 2 * 200); // UTF-16 units: 600 characters
    const links = await service.dataSource.getRepository(UserIdpLink).findBy({ userId });
    expect(links.map((link) => link.externalUserId).sort()).to.deep.equal(
      idps.map((link) => link.externalUserId).sort(),
    );
    const added = (await service.events(userId)).find(
      (event) => event.type === 'user.human.added',
    )!;
    expect(added.payload).to.deep.include({
      userName: body.userName,
      profile: {
        ...body.profile,
        displayName: body.profile.firstName,
      },
      email: body.email.email,
      phone: '+41791234567',
    });

    await reduce(userId, 'user');
    expect(await userAsRead(service.dataSource, userId)).to.deep.equal(
      await userAsWritten(service.dataSource, userId),
    );
  });

  it('refuses an identity provider id at its maximum as unknown, not as a failure', async () => {
    const response = await service.importUser(
      { ...minimalUser(), idps: [{ configId: astral(200), externalUserId: 'e' }] },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(400);
    expect(response.body.code).to.equal(9);
  });

  it('refuses a hashedPassword at the schema maximum as unsupported, not as a failure', async () => {
    const response = await service.importUser(
      { ...minimalUser(), hashedPassword: { value: `$1$${'a'.repeat(1021)}` } },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(400);
    expect(response.body.code).to.equal(3);
  });

  it('updates a profile with every field at its maximum, and reads it back', async () => {
    const { userId, token } = await buildMember(service, { orgId: owner.orgId });
    const profile = {
      firstName: maxima.firstName(),
      lastName: maxima.lastName(),
      nickName: maxima.nickName(),
      displayName: maxima.displayName(),
      preferredLanguage: maxima.preferredLanguage,
      gender: 'GENDER_FEMALE',
    };
    const response = await service.updateMyProfile(profile, { token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const { gender: _gender, ...stored } = profile;
    expect(await user(userId)).to.include(stored);

    await reduce(userId, 'user');
    const read = await service.call('GET', '/auth/v1/users/me/profile', { token });
    expect(read.status, JSON.stringify(read.body)).to.equal(200);
    expect(read.body.profile).to.include(stored);
  });

  it('updates a project to a name at its maximum, and reads it back', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const name = '\u{FB2C}'.repeat(200); // three characters in NFC too
    const response = await service.updateProject(
      projectId,
      { name, projectRoleCheck: true },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const row = await service.dataSource.getRepository(Project).findOneByOrFail({ id: projectId });
    expect(row.name).to.equal(name);

    await reduce(projectId, 'project');
    expect(await projectAsRead(service.dataSource, projectId)).to.deep.equal(
      await projectAsWritten(service.dataSource, projectId),
    );
  });

  it('answers an unknown project id at its maximum length with NOT_FOUND', async () => {
    const response = await service.updateProject(
      astral(200),
      { name: 'Nowhere' },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(404);
  });
});
