import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildIdp, buildOwner, buildProject } from '../support/factories.js';
import type { TopicReader } from '../support/topic-reader.js';
import { publishedAsRecorded } from '../support/published-events.js';
import { insertEventRow } from '../support/uncommitted-event.js';
import { pollUntil } from '../support/poll.js';

describeOnEachDatabase('events published to Kafka', (service, database) => {
  let owner: { orgId: string; userId: string; token: string };
  let reader: TopicReader;

  before(async () => {
    owner = await buildOwner(service);
    await service.startRelay();
    reader = await service.readTopics();
  });
  after(async () => {
    await reader?.stop();
  });

  const published = (aggregateId: string, topic: string) =>
    publishedAsRecorded(service, reader, aggregateId, topic);

  const userCases: { name: string; body: Record<string, unknown>; types: string[] }[] = [
    { name: 'an unverified email without password', body: {}, types: ['user.human.added'] },
    {
      name: 'a verified email and phone with a password',
      body: {
        email: { email: 'v@example.com', isEmailVerified: true },
        phone: { phone: '+41791234567', isPhoneVerified: true },
        password: 'Sup3r-secret!',
      },
      types: [
        'user.human.added',
        'user.human.email.verified',
        'user.human.phone.verified',
        'user.human.password.set',
      ],
    },
    {
      name: 'a hashed password that must be changed',
      body: {
        hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
        passwordChangeRequired: true,
      },
      types: ['user.human.added', 'user.human.password.set'],
    },
    {
      name: 'an OTP secret',
      body: { otpCode: 'JBSWY3DPEHPK3PXP' },
      types: ['user.human.added', 'user.human.otp.added'],
    },
    {
      name: 'passwordless registration',
      body: { requestPasswordlessRegistration: true },
      types: ['user.human.added', 'user.human.passwordless.code.added'],
    },
  ];
  userCases.forEach(({ name, body, types }, index) => {
    it(`publishes the import of a user with ${name}`, async () => {
      const response = await service.importUser(
        {
          userName: `published-${index}`,
          profile: { firstName: 'P', lastName: 'B' },
          email: { email: 'p@example.com' },
          ...body,
        },
        { token: owner.token },
      );
      expect(response.status).to.equal(200);
      const events = await published(response.body.userId, service.topics.user);
      expect(events.map((event) => event.type)).to.deep.equal(types);
    });
  });

  it('publishes the import of a user with identity provider links', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const response = await service.importUser(
      {
        userName: 'published-idps',
        profile: { firstName: 'P', lastName: 'B' },
        email: { email: 'p@example.com' },
        idps: [
          { configId: idp, externalUserId: 'a' },
          { configId: idp, externalUserId: 'b', displayName: 'B' },
        ],
      },
      { token: owner.token },
    );
    const events = await published(response.body.userId, service.topics.user);
    expect(events.map((event) => event.type)).to.deep.equal([
      'user.human.added',
      'user.idp.link.added',
      'user.idp.link.added',
    ]);
  });

  it('publishes a profile change, and nothing for a change that changes nothing', async () => {
    const profile = { firstName: 'Changed', lastName: 'Name', displayName: 'Changed Name' };
    expect((await service.updateMyProfile(profile, { token: owner.token })).status).to.equal(200);
    expect((await service.updateMyProfile(profile, { token: owner.token })).status).to.equal(200);
    expect(
      (await service.updateMyProfile({ ...profile, nickName: 'ch' }, { token: owner.token }))
        .status,
    ).to.equal(200);
    const events = await published(owner.userId, service.topics.user);
    expect(events.map((event) => event.type)).to.deep.equal([
      'user.human.added',
      'user.human.email.verified',
      'user.human.profile.changed',
      'user.human.profile.changed',
    ]);
    expect(events[3]!.data).to.include({ nickName: 'ch' });
  });

  it('publishes a project change on the project topic, and nothing for a no-op', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Published' }))
      .projectId;
    const settings = { name: 'Published', projectRoleCheck: true };
    expect(
      (await service.updateProject(projectId, settings, { token: owner.token })).status,
    ).to.equal(200);
    expect(
      (await service.updateProject(projectId, settings, { token: owner.token })).status,
    ).to.equal(200);
    expect(
      (
        await service.updateProject(
          projectId,
          { ...settings, hasProjectCheck: true },
          { token: owner.token },
        )
      ).status,
    ).to.equal(200);
    const events = await published(projectId, service.topics.project);
    expect(events.map((event) => event.type)).to.deep.equal([
      'project.added',
      'project.changed',
      'project.changed',
    ]);
  });

  it('keeps each project in sequence order through 200 concurrent updates over 10 projects', async () => {
    const projects = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        buildProject(service, { orgId: owner.orgId, name: `Concurrent ${index}` }),
      ),
    ).then((built) => built.map((project) => project.projectId));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        service.updateProject(
          projects[index % 10]!,
          {
            name: `Concurrent ${index % 10}`,
            privateLabelingSetting:
              index % 2
                ? 'PRIVATE_LABELING_SETTING_UNSPECIFIED'
                : 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
            projectRoleAssertion: index % 3 === 0,
          },
          { token: owner.token },
        ),
      ),
    );
    expect(responses.every((response) => response.status === 200)).to.equal(true);
    for (const projectId of projects) {
      const events = await published(projectId, service.topics.project);
      const sequences = events.map((event) => BigInt(event.sequence));
      expect(
        sequences.every((sequence, index) => index === 0 || sequence > sequences[index - 1]!),
      ).to.equal(true);
    }
  });

  // On SQLite transactions run one at a time, so positions commit in their order: a later one
  // cannot be published before an earlier one commits, and there is nothing to hold open here.
  if (database.name === 'MariaDB')
    it('publishes an event whose transaction commits after a later position was published', async () => {
      const early = (await buildProject(service, { orgId: owner.orgId, name: 'Commits late' }))
        .projectId;
      const late = (await buildProject(service, { orgId: owner.orgId, name: 'Commits early' }))
        .projectId;
      const payload = {
        name: 'x',
        projectRoleAssertion: false,
        projectRoleCheck: false,
        hasProjectCheck: false,
        privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED' as const,
      };
      const slow = service.dataSource.createQueryRunner();
      await slow.startTransaction('READ COMMITTED');
      try {
        // The slow transaction takes the lower position, then waits while a later one commits.
        const [earlyProject] = await slow.query(
          'SELECT version FROM projects WHERE id = ? FOR UPDATE',
          [early],
        );
        const earlySequence = await insertEventRow(
          slow.manager,
          { id: early, orgId: owner.orgId, version: earlyProject.version },
          { type: 'project.changed', payload },
        );
        const response = await service.updateProject(
          late,
          { name: 'Commits early', hasProjectCheck: true },
          { token: owner.token },
        );
        expect(BigInt(response.body.details.sequence) > BigInt(earlySequence.sequence)).to.equal(
          true,
        );
        await reader.waitFor(() => reader.of(late).length === 2, 30_000, 'the later event');
        await slow.query('UPDATE projects SET version = ? WHERE id = ?', [
          earlySequence.version,
          early,
        ]);
        await slow.commitTransaction();
      } finally {
        await slow.release();
      }
      const events = await published(early, service.topics.project);
      expect(events.map((event) => event.type)).to.deep.equal(['project.added', 'project.changed']);
    });

  it('reports the outbox empty once everything is published', async () => {
    const { outboxBacklog } = await import('../../shared/events/outbox-backlog.js');
    const backlog = await pollUntil(
      () => outboxBacklog(service.dataSource),
      (found) => found.unpublished === 0,
      10_000,
    );
    expect(backlog).to.deep.equal({ unpublished: 0, oldestAgeSeconds: 0 });
  });
});
