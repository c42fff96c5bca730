/**
 * Transport benchmark: Update Project over JSON, gRPC and gRPC-web, side by side against one API
 * on real MariaDB.
 *
 *   npm run bench:transports     [BENCH_CONCURRENCY=32] [BENCH_SECONDS=10] [BENCH_ROUNDS=2]
 *
 * The API runs in this process; the load comes from a second Node process on 127.0.0.1
 * (bench/transport-load.ts) with BENCH_CONCURRENCY loops, each renaming its own project so every
 * request writes a row and an event. Each round runs every transport in turn, after a 2 s warm-up
 * of that transport; the figures are the median round's. Events are recorded in the outbox but
 * not published (no relay runs), so Kafka is not part of what is measured.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { orgWithOwner, TestService } from '../test/support/test-service.js';
import { machine } from './bench-report.js';
import type { LoadResult, LoadSpec } from './transport-load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TRANSPORTS: LoadSpec['transport'][] = ['JSON', 'gRPC', 'gRPC-web'];
const LOAD_SCRIPT = fileURLToPath(new URL('./transport-load.js', import.meta.url));

interface Figures {
  transport: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
}

async function load(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LOAD_SCRIPT, '--child', JSON.stringify(spec)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

function figures(transport: string, result: LoadResult): Figures {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN) * 10) /
    10;
  return {
    transport,
    requestsPerSecond: Math.round(result.requests / result.seconds),
    p50: at(0.5),
    p99: at(0.99),
    p999: at(0.999),
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const service = await TestService.start({ LOG_LEVEL: 'error', KAFKA_BROKERS: '' });
  const owner = await orgWithOwner(service);
  const projectIds = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, i) => service.project(owner.orgId, `Load ${i}-1`)),
  );
  const spec = (transport: LoadSpec['transport'], seconds: number): LoadSpec => ({
    transport,
    httpUrl: service.api.url,
    grpcAddress: service.api.grpcAddress,
    token: owner.token,
    projectIds,
    seconds,
  });

  const rounds: Figures[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const row: Figures[] = [];
    for (const transport of TRANSPORTS) {
      await load(spec(transport, 2));
      row.push(figures(transport, await load(spec(transport, SECONDS))));
    }
    rounds.push(row);
  }
  const median = TRANSPORTS.map((transport) => {
    const runs = rounds
      .map((row) => row.find((figure) => figure.transport === transport)!)
      .sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return runs[Math.floor((runs.length - 1) / 2)]!;
  });

  console.log(
    JSON.stringify(
      {
        operation: 'UpdateProject',
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        rounds,
        median,
        machine: machine(),
      },
      null,
      2,
    ),
  );
  console.log(
    `\nUpdate Project, ${CONCURRENCY} concurrent, ${SECONDS} s per run, median of ${ROUNDS} rounds`,
  );
  console.log('transport   requests/s   p50 ms   p99 ms   p99.9 ms   errors');
  for (const f of median) {
    console.log(
      `${f.transport.padEnd(10)} ${String(f.requestsPerSecond).padStart(11)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.p999).padStart(10)} ${String(f.errors).padStart(8)}`,
    );
  }
  await service.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
