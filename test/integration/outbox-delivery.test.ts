import { expect } from 'chai';
import { nextEvent, pollUntil } from '../support/poll.js';
import { ConsumerCursor } from '../../shared/db/entities/index.js';
import { startOpsServer } from '../../services/ops/ops-routes.js';
import { scrape } from '../support/prometheus.js';
import { insertEventRow } from '../support/uncommitted-event.js';
import { projectReadCaughtUp, userReadCaughtUp } from '../support/read-model-expectations.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildProject } from '../support/factories.js';

describe('events without Kafka: consumers read the outbox', function () {
  this.timeout(60_000);
  let service: TestService;

  before(async () => {
    service = await TestService.start({ KAFKA_BROKERS: '' });
  });
  after(() => service.close());

  const emails = async () => (await service.emailFiles()).length;

  it('keeps the read models, sends the emails, and after a restart resumes from its cursors', async () => {
    const owner = await buildOwner(service);
    let worker = await service.startWorker();
    expect(worker.groups).to.deep.equal([]);
    const imported: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await service.importUser(
        {
          userName: `local-${i}`,
          profile: { firstName: 'Lo', lastName: `Cal ${i}` },
          email: { email: `local-${i}@example.com` },
        },
        { token: owner.token },
      );
      imported.push(response.body.userId);
    }
    for (const userId of imported) {
      await userReadCaughtUp(service.dataSource, userId);
    }
    // The five, and the owner's: a member is imported with an unverified email.
    const sent = await pollUntil(emails, (count) => count >= 6, 20_000);
    expect(sent).to.equal(6);

    const ops = await startOpsServer(worker.registry, worker.readiness, 0);
    try {
      const url = `http://127.0.0.1:${ops.port}`;
      const ready = (await (await fetch(`${url}/readyz`)).json()) as { checks: object };
      expect(ready.checks).to.deep.equal({ database: 'ok', redis: 'ok' });
      const lag = (await scrape(url)).filter((s) => s.name === 'identity_consumer_lag_messages');
      expect(lag.map((s) => s.labels.group).sort()).to.deep.equal(
        [
          'initialization-email',
          'project-read-model',
          'user-grant-read-model',
          'user-metadata-read-model',
          'user-read-model',
        ]
          .map((name) => `${service.config.worker.consumerGroupPrefix}.${name}`)
          .sort(),
      );
      expect(lag.every((s) => s.value === 0)).to.equal(true);
    } finally {
      await new Promise((resolve) => ops.server.close(resolve));
    }

    await worker.close();
    const lastPosition = async () =>
      String(
        (
          (await service.dataSource.query('SELECT MAX(position) AS p FROM events')) as {
            p: string;
          }[]
        )[0]!.p,
      );
    const cursors = async () =>
      (await service.dataSource.getRepository(ConsumerCursor).find()).map((c) => c.position);
    expect(await cursors()).to.deep.equal(Array(5).fill(await lastPosition()));
    expect(
      await service.count('events', 'published_at IS NULL'),
      'delivered is published',
    ).to.equal(0);

    const before = await service.dataSource.query('SELECT * FROM user_read_models ORDER BY id');
    worker = await service.startWorker();
    const profile = { firstName: 'Lo', lastName: 'Changed', displayName: 'Lo Changed' };
    await service.updateMyProfile(profile, { token: await service.token(imported[0]!) });
    await userReadCaughtUp(service.dataSource, imported[0]!);
    const after = (await service.dataSource.query(
      'SELECT * FROM user_read_models ORDER BY id',
    )) as { id: string }[];
    expect(after.filter((row) => row.id !== imported[0])).to.deep.equal(
      (before as { id: string }[]).filter((row) => row.id !== imported[0]),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await emails(), 'no email sent again after the restart').to.equal(sent);
    await worker.close();
    expect(await cursors()).to.deep.equal(Array(5).fill(await lastPosition()));
  });

  it('performs an event that commits after a later one, even once the cursor has passed its gap', async () => {
    const owner = await buildOwner(service);
    const worker = await service.startWorker();
    const early = (await buildProject(service, { orgId: owner.orgId, name: 'Commits late' }))
      .projectId;
    const late = (await buildProject(service, { orgId: owner.orgId, name: 'Commits early' }))
      .projectId;
    const slow = service.dataSource.createQueryRunner();
    await slow.startTransaction('READ COMMITTED');
    try {
      const [row] = await slow.query('SELECT version FROM projects WHERE id = ? FOR UPDATE', [
        early,
      ]);
      const at = new Date();
      const recorded = await insertEventRow(
        slow.manager,
        { id: early, orgId: owner.orgId, version: row.version },
        {
          type: 'project.changed',
          payload: {
            name: 'Committed late',
            projectRoleAssertion: false,
            projectRoleCheck: false,
            hasProjectCheck: false,
            privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
          },
        },
        at,
      );
      await service.updateProject(late, { name: 'Committed early' }, { token: owner.token });
      await projectReadCaughtUp(service.dataSource, late);
      // The cursor moves past the missing position (after the gap wait) to the later event.
      const [passed] = (await service.events(late)).slice(-1);
      await nextEvent(
        worker.subscriptions.find((subscription) =>
          subscription.name.endsWith('project-read-model'),
        )!,
        'caught-up',
        ({ position }) => BigInt(position) >= BigInt(passed!.position),
      );
      await slow.query(
        `UPDATE projects SET version = ?, sequence = ?, name = ?, name_lower = ?, change_date = ?
          WHERE id = ?`,
        [recorded.version, recorded.sequence, 'Committed late', 'committed late', at, early],
      );
      await slow.commitTransaction();
    } finally {
      await slow.release();
    }
    const read = await projectReadCaughtUp(service.dataSource, early);
    expect(read).to.include({ name: 'Committed late' });
    await worker.close();
  });
});
