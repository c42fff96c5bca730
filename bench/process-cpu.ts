/**
 * CPU time per process over a measured window, from `/proc/<pid>/stat` (utime + stime), for the
 * processes that make up the service on this machine: the bench process (API and relay), the
 * worker, and whoever listens on the database's, the broker's and Redis's ports.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a second, in which /proc counts CPU time (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export interface ServiceProcess {
  name: string;
  pid: number;
}

/** CPU time (user + system) the process has used so far, in ms; NaN once it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields count from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** The process listening on 127.0.0.1:`port`, as `ss` names it; undefined when none is seen. */
export function listenerOf(port: number): number | undefined {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`]).toString();
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

/** The MariaDB server the benches use: the tests' `TEST_DATABASE_URL` if set, else the local one. */
export const DATABASE_SERVER = new URL(
  process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/',
);

/** The process of the benches' MariaDB server, as `listenerOf` sees it. */
export const databaseServerPid = (): number | undefined =>
  listenerOf(Number(DATABASE_SERVER.port) || 3306);

/** The service's processes: this one, the worker's, and the listeners on the given URLs' ports. */
export function serviceProcesses(
  workerPid: number | undefined,
  urls: { database?: string; kafka?: string; redis?: string },
): ServiceProcess[] {
  const portOf = (url: string | undefined, fallback: number) =>
    url ? Number(new URL(url.includes('://') ? url : `tcp://${url}`).port) || fallback : undefined;
  const listeners: [string, number | undefined][] = [
    ['MariaDB', portOf(urls.database, 3306)],
    ['Kafka', portOf(urls.kafka?.split(',')[0], 9092)],
    ['Redis', portOf(urls.redis, 6379)],
  ];
  const found: ServiceProcess[] = [{ name: 'API+relay', pid: process.pid }];
  if (workerPid) found.push({ name: 'worker', pid: workerPid });
  for (const [name, port] of listeners) {
    const pid = port === undefined ? undefined : listenerOf(port);
    if (pid) found.push({ name, pid });
  }
  return found;
}

/** The processes to watch, and what tells when a run's work is done. */
export interface Watch {
  processes: ServiceProcess[];
  /** Resolves once what a run set off is done (the relay's publishing, the worker's events). */
  settled?: () => Promise<void>;
}

/** CPU ms per operation of each process (and of the load generator, `client`) over a run. */
export type CpuPerOperation = Record<string, number>;

/** What a run reports that its CPU is divided by: its calls, and the load generator's own CPU. */
interface Counted {
  requests: number;
  /** Calls made before the run's clock started: their CPU is in the readings all the same. */
  warmCalls?: number;
  clientCpuMs?: number;
}

/**
 * The CPU each watched process used over one or more runs, and the calls those runs made: each
 * process is read before a run and again once its work has settled (`settled`), so what a run's
 * calls cost later is in its figures too. `perOperation` divides the sums by the calls.
 */
export class CpuTally {
  private readonly used: number[];
  private clientMs?: number;
  private calls = 0;

  constructor(private readonly watch: Watch) {
    this.used = watch.processes.map(() => 0);
  }

  async over<R extends Counted>(run: () => Promise<R>): Promise<R> {
    const { processes, settled } = this.watch;
    const before = processes.map((p) => cpuMsOf(p.pid));
    const result = await run();
    await settled?.();
    processes.forEach((p, i) => (this.used[i]! += cpuMsOf(p.pid) - before[i]!));
    this.calls += result.requests + (result.warmCalls ?? 0);
    if (result.clientCpuMs !== undefined) this.clientMs = (this.clientMs ?? 0) + result.clientCpuMs;
    return result;
  }

  /** CPU ms per call of each process (and of the load generator), then their total. */
  perOperation(): CpuPerOperation {
    const perCall = (ms: number) => Math.round((ms / Math.max(1, this.calls)) * 100) / 100;
    const cpu: CpuPerOperation = {};
    this.watch.processes.forEach((p, i) => (cpu[p.name] = perCall(this.used[i]!)));
    if (this.clientMs !== undefined) cpu['load generator'] = perCall(this.clientMs);
    const total = Object.values(cpu).reduce((sum, ms) => sum + ms, 0);
    cpu.total = Math.round(total * 100) / 100;
    return cpu;
  }
}
