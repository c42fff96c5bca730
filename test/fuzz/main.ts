/**
 * `npm run fuzz`: a fuzz campaign against the service as it runs in production, in a process of
 * its own over a MariaDB database of its own (so a crash is seen, counted and restarted), from
 * this process. The same generators and properties as test/integration/fuzz.test.ts.
 *
 *   npm run fuzz -- [--seed N] [--requests 1000] [--from 0] [--batch 200] [--concurrency 8]
 *   npm run fuzz -- --seed N --replay I     request I again, then shrunk to the smallest that fails alike
 *
 * Prints the seed first, progress while it runs, and at the end the figures (requests per
 * transport, answers, 5xx, INTERNAL/UNKNOWN, hangs, crashes) and every distinct failure with its
 * smallest request and the command that replays it. Exits 1 when a property failed.
 */
import { parseArgs } from 'node:util';
import { freePort, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { TestService } from '../support/test-service.js';
import { runCampaign, type FuzzTarget } from './fuzz-campaign.js';
import { createFuzzFixtures } from './fuzz-fixtures.js';
import { campaignReport, decoded, figures, passed } from './fuzz-report.js';
import { replay } from './fuzz-replay.js';
import { showRequest } from './fuzz-request.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    requests: { type: 'string', default: '1000' },
    from: { type: 'string', default: '0' },
    batch: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    replay: { type: 'string' },
  },
});
const seed =
  values.seed === undefined ? (Date.now() ^ (Math.random() * 2 ** 31)) | 0 : Number(values.seed);

/** The API in its own process, started again when it has ended. */
async function startApi(service: TestService): Promise<{ api: ApiProcess; grpcAddress: string }> {
  const grpcPort = await freePort();
  const api = await startApiProcess(service.config, {
    GRPC_PORT: String(grpcPort),
    RATE_LIMIT_REQUESTS: '0',
    RELAY_IN_PROCESS: 'false',
    WORKER_IN_PROCESS: 'false',
  });
  return { api, grpcAddress: `127.0.0.1:${grpcPort}` };
}

async function main(): Promise<boolean> {
  console.log(`fuzz: seed ${seed}`);
  const service = await TestService.start({ LOG_LEVEL: 'silent' });
  let running = await startApi(service);
  const target: FuzzTarget = {
    httpUrl: running.api.url,
    grpcAddress: running.grpcAddress,
    db: service.dataSource,
    fixtures: await createFuzzFixtures(service),
    bodyLimit: service.config.requestBodyLimit,
    async restartIfDown() {
      if (running.api.child.exitCode === null && running.api.child.signalCode === null)
        return false;
      console.log(
        `fuzz: the service ended (${running.api.stderr().trim().split('\n').at(-1) ?? ''}); starting it again`,
      );
      running = await startApi(service);
      target.httpUrl = running.api.url;
      target.grpcAddress = running.grpcAddress;
      return true;
    },
  };
  try {
    if (values.replay !== undefined) {
      const result = await replay(target, seed, Number(values.replay));
      console.log(`request ${values.replay}: ${showRequest(result.request)}`);
      console.log(...decoded(result.request));
      console.log(`answer: ${result.verdict.observed}; ${describe(result.verdict.violations)}`);
      if (result.shrunk) {
        console.log(
          `shrunk (${result.shrunk.shrinks} steps): ${showRequest(result.shrunk.request)}`,
        );
        console.log(...decoded(result.shrunk.request));
        console.log(
          `answer: ${result.shrunk.verdict.observed}; ${describe(result.shrunk.verdict.violations)}`,
        );
      }
      return result.verdict.violations.length === 0;
    }
    const result = await runCampaign(target, {
      seed,
      from: Number(values.from),
      requests: Number(values.requests),
      batchSize: Number(values.batch),
      concurrency: Number(values.concurrency),
      progress: (line) => console.log(`fuzz: ${line}`),
    });
    console.log(JSON.stringify(figures(result)));
    console.log(campaignReport(result));
    return passed(result);
  } finally {
    running.api.child.kill('SIGTERM');
    await running.api.exited;
    await service.close();
  }
}

const describe = (violations: { property: string; reason: string }[]) =>
  violations.length === 0
    ? 'every property held'
    : violations.map((v) => `[${v.property}] ${v.reason}`).join('; ');

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
