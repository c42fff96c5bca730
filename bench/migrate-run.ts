/**
 * One migration measured: the tool (bench/migrate-tool.ts, identityctl's code) in a process of its
 * own against a running service, with its progress, peak memory and CPU, and the CPU each of the
 * service's processes spent per user, read once everything the import set off has settled.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { cpuMsOf } from './process-cpu.js';
import { BCRYPT, sleep } from './bench-report.js';
import type { RunningService } from './migrate-services.js';

export interface Point {
  /** ms since the tool started */
  at: number;
  done: number;
}

export interface MigrationRun {
  users: number;
  inFlight: number;
  /** The tool's own run, first record read to last answer. */
  importSeconds: number;
  usersPerSecond: number;
  /** Until every event was published and the read models held every user, where there are. */
  endToEndSeconds: number;
  /** Users a second over the first and the last `window` users. */
  firstWindowRate: number;
  lastWindowRate: number;
  toolPeakRssMb: number;
  /** CPU ms per user of the tool, each of the service's processes, and the whole. */
  cpuMsPerUser: Record<string, number>;
  summary: Record<string, number>;
}

/** Peak resident memory (VmHWM) of a process, in MB; 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Math.round(Number(kb ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Users a second between the moments `from` and `to` users were done, read off the points. */
function rateBetween(points: Point[], from: number, to: number): number {
  const when = (done: number) => points.find((p) => p.done >= done)?.at ?? NaN;
  const start = from === 0 ? 0 : when(from);
  return Math.round(((to - from) * 1000) / (when(to) - start));
}

export async function measureMigration(options: {
  service: RunningService;
  /** Other processes whose CPU counts (the database, the broker), by name. */
  others: { name: string; pid: number }[];
  dir: string;
  realm: string;
  users: number;
  sourceSize: number;
  inFlight: number;
  window: number;
  /** Resolves once what the import set off has settled (events published, read models). */
  settled: () => Promise<void>;
}): Promise<MigrationRun> {
  const { service, users, inFlight } = options;
  const watched = [...service.processes, ...options.others];
  const before = watched.map((p) => cpuMsOf(p.pid));
  const spec = {
    dir: options.dir,
    realm: options.realm,
    url: service.url,
    token: service.token,
    inFlight,
    sourceSize: options.sourceSize,
  };
  const started = Date.now();
  const tool = spawn(
    'node',
    [join(process.cwd(), 'dist/bench/migrate-tool.js'), JSON.stringify(spec)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const points: Point[] = [];
  let summary: Record<string, number> = {};
  let toolCpu = 0;
  let toolPeak = 0;
  const sampler = setInterval(() => {
    toolCpu = Math.max(toolCpu, cpuMsOf(tool.pid!) || 0);
    toolPeak = Math.max(toolPeak, peakRssMb(tool.pid!));
  }, 100);
  for await (const line of createInterface({ input: tool.stdout! })) {
    const parsed = JSON.parse(line) as Point & { summary?: Record<string, number> };
    if (parsed.summary) summary = parsed.summary;
    else points.push(parsed);
    // The last reading before it ends: what it spent is all but the exit.
    toolCpu = Math.max(toolCpu, cpuMsOf(tool.pid!) || 0);
    toolPeak = Math.max(toolPeak, peakRssMb(tool.pid!));
  }
  clearInterval(sampler);
  const code = await new Promise((resolve) => tool.once('exit', resolve));
  if (code !== 0) throw new Error(`the migration tool exited with ${code}`);
  const importSeconds = (points.at(-1)?.at ?? Date.now() - started) / 1000;
  await options.settled();
  const endToEndSeconds = (Date.now() - started) / 1000;
  await sleep(200);
  const perUser = (ms: number) => Math.round((ms / users) * 1000) / 1000;
  const cpuMsPerUser: Record<string, number> = { 'migration tool': perUser(toolCpu) };
  watched.forEach((p, i) => (cpuMsPerUser[p.name] = perUser(cpuMsOf(p.pid) - before[i]!)));
  const sum = Object.values(cpuMsPerUser).reduce((total, ms) => total + ms, 0);
  cpuMsPerUser.total = Math.round(sum * 1000) / 1000;
  const window = Math.min(options.window, Math.floor(users / 2));
  return {
    users,
    inFlight,
    importSeconds: Math.round(importSeconds * 10) / 10,
    usersPerSecond: Math.round(users / importSeconds),
    endToEndSeconds: Math.round(endToEndSeconds * 10) / 10,
    firstWindowRate: rateBetween(points, 0, window),
    lastWindowRate: rateBetween(points, users - window, users),
    toolPeakRssMb: toolPeak,
    cpuMsPerUser,
    summary,
  };
}

/** `calls` single ImportHumanUser calls, `callers` at a time, and their CPU per user. */
export async function measureSingleImports(options: {
  service: RunningService;
  others: { name: string; pid: number }[];
  calls: number;
  callers: number;
  settled: () => Promise<void>;
}): Promise<{ usersPerSecond: number; cpuMsPerUser: Record<string, number> }> {
  const watched = [...options.service.processes, ...options.others];
  const before = watched.map((p) => cpuMsOf(p.pid));
  const clientBefore = cpuMsOf(process.pid);
  const run = Math.random().toString(36).slice(2, 8);
  let next = 0;
  const started = Date.now();
  const caller = async () => {
    while (next < options.calls) {
      const n = next++;
      const response = await fetch(`${options.service.url}/management/v1/users/human/_import`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.service.token}`,
        },
        body: JSON.stringify({
          userName: `single-${run}-${n}`,
          externalId: `single-${run}-${n}`,
          profile: { firstName: 'Single', lastName: `User ${n}` },
          email: { email: `single-${run}-${n}@bench.example`, isEmailVerified: true },
          hashedPassword: { value: BCRYPT },
        }),
      });
      if (!response.ok)
        throw new Error(`ImportHumanUser: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  const seconds = (Date.now() - started) / 1000;
  const clientMs = cpuMsOf(process.pid) - clientBefore;
  await options.settled();
  const perUser = (ms: number) => Math.round((ms / options.calls) * 1000) / 1000;
  const cpuMsPerUser: Record<string, number> = { 'load generator': perUser(clientMs) };
  watched.forEach((p, i) => (cpuMsPerUser[p.name] = perUser(cpuMsOf(p.pid) - before[i]!)));
  return { usersPerSecond: Math.round(options.calls / seconds), cpuMsPerUser };
}
