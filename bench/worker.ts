/**
 * Worker benchmark: initialization emails per second delivered to a local SMTP server, and the
 * lag from commit to read model at fixed write rates, against real MariaDB, Kafka and Redis.
 *
 *   npm run bench:worker          (starts a broker unless KAFKA_BROKERS answers)
 *
 * Emails: 2,000 users are imported (unverified email, so each is due an email) and their events
 * published before the worker starts; the rate is emails received / time from worker start to
 * the last email. Lag: Update Project at a fixed rate; commit is when the handler returned, the
 * read model is updated when the project read-model consumer's perform() returned for that
 * event (matched by sequence). All clocks are this machine's.
 */
import { outboxBacklog } from '../shared/events/outbox-backlog.js';
import { createLogger } from '../shared/logging/logger.js';
import { importHumanUser } from '../services/api/operations/import-human-user/import-human-user.handler.js';
import { updateProject } from '../services/api/operations/update-project/update-project.handler.js';
import type { CloudEvent } from '../shared/events/cloud-event.js';
import { SmtpSink } from '../test/support/smtp-sink.js';
import { TestService } from '../test/support/test-service.js';
import { buildOwner, buildProject } from '../test/support/factories.js';
import { brokerForRun, latencies, machine, runMain, sleep, writeAtRate } from './bench-report.js';

const USERS = 2000;
const RATES = [100, 250, 500];
const SECONDS_PER_RATE = 8;

async function main(): Promise<void> {
  const broker = await brokerForRun();
  const smtp = await new SmtpSink().start();
  const service = await TestService.start({
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'error',
    KAFKA_TOPIC_PARTITIONS: '6',
  });
  const owner = await buildOwner(service);
  const deps = {
    dataSource: service.dataSource,
    config: service.config,
    logger: createLogger('silent'),
  };
  await service.startRelay();

  // 1. Emails per second, from a published backlog.
  for (let done = 0; done < USERS; done += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        importHumanUser(
          { deps, orgId: owner.orgId },
          {
            userName: `bench-${done + i}`,
            profile: { firstName: 'Bench', lastName: `${done + i}` },
            email: { email: `bench-${done + i}@example.com` },
          },
        ),
      ),
    );
  }
  while ((await outboxBacklog(service.dataSource)).unpublished > 0) await sleep(50);
  const emailStart = Date.now();
  const worker = await service.startWorker();
  while (smtp.received.length < USERS) await sleep(20);
  const emailSeconds = (Date.now() - emailStart) / 1000;

  // 2. Commit to read model at fixed write rates.
  const readModel = worker.consumers.find((consumer) => consumer.name === 'project-read-model')!;
  const appliedAt = new Map<string, number>();
  const perform = readModel.perform.bind(readModel);
  readModel.perform = async (event: CloudEvent) => {
    await perform(event);
    appliedAt.set(event.sequence, Date.now());
  };
  const projects = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      buildProject(service, { orgId: owner.orgId, name: `Bench ${i}` }).then(
        (project) => project.projectId,
      ),
    ),
  );
  const caller = { userId: owner.userId, orgId: owner.orgId };
  const lag: Record<string, unknown>[] = [];
  for (const rate of RATES) {
    const committedAt = new Map<string, number>();
    await writeAtRate(rate, SECONDS_PER_RATE, async (index) => {
      const projectId = projects[index % projects.length]!;
      const { details } = await updateProject(
        { deps, caller, orgId: owner.orgId },
        {
          id: projectId,
          name: `Bench ${index % projects.length}`,
          projectRoleCheck: Math.floor(index / projects.length) % 2 === 0,
        },
      );
      committedAt.set(details.sequence, Date.now());
    });
    const deadline = Date.now() + 60_000;
    while (
      [...committedAt.keys()].some((sequence) => !appliedAt.has(sequence)) &&
      Date.now() < deadline
    )
      await sleep(20);
    lag.push({
      writesPerSecond: rate,
      achievedPerSecond: Math.round(committedAt.size / SECONDS_PER_RATE),
      commitToReadModelMs: latencies(
        [...committedAt].map(([sequence, at]) => (appliedAt.get(sequence) ?? NaN) - at),
      ),
    });
  }

  const results = {
    emails: {
      delivered: smtp.received.length,
      seconds: emailSeconds,
      emailsPerSecond: Math.round(USERS / emailSeconds),
    },
    lag,
    machine: machine(),
  };
  console.log(JSON.stringify(results, null, 2));
  console.log(
    `\nemails: ${results.emails.emailsPerSecond}/s (${USERS} due emails from published events: consumer → queue → SMTP)`,
  );
  console.log('writes/s  achieved  commit→read model p50/p99/max ms');
  for (const row of lag as {
    writesPerSecond: number;
    achievedPerSecond: number;
    commitToReadModelMs: { p50: number; p99: number; max: number };
  }[]) {
    const { p50, p99, max } = row.commitToReadModelMs;
    console.log(
      `${String(row.writesPerSecond).padStart(8)}  ${String(row.achievedPerSecond).padStart(8)}  ${`${p50} / ${p99} / ${max}`.padStart(30)}`,
    );
  }
  await service.close();
  await smtp.stop();
  await broker?.remove();
}

runMain(main);
