/**
 * One cell of `npm run bench:client-credentials`: token requests to one side's token endpoint
 * from `callers` loops, each on a keep-alive connection of its own (Http1Pool), sending its next
 * request as soon as the last one is answered; first for the warm-up seconds (not counted), then
 * for the measured seconds, with the server's and MariaDB's CPU read before and after.
 */
import os from 'node:os';
import { closedLoops, latencies } from './bench-report.js';
import { Http1Pool } from './http1-client.js';
import { machineSpeed } from './machine-speed.js';
import { CpuTally, type CpuPerOperation } from './process-cpu.js';
import { TOKEN_REQUEST_BODY, type TokenSide } from './client-credentials-sides.js';

export interface CellFigures {
  side: TokenSide['name'];
  callers: number;
  /** 200 answers in the measured seconds: the tokens issued. */
  tokens: number;
  /** Every other answer, by status (`no answer` for a connection that failed), measured. */
  refused: Record<string, number>;
  /** The same over the warm-up. */
  refusedInWarmUp: Record<string, number>;
  seconds: number;
  tokensPerSecond: number;
  /** Request written to answer read, over every measured request. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  /**
   * CPU ms per request (all measured ones: with none refused, per token) of the server process
   * (our API's node, Keycloak's JVM), of MariaDB, and of the load generator (this process).
   */
  cpuMsPerToken: CpuPerOperation;
  /**
   * MariaDB's CPU ms per token less what it used idle (CellOptions' databaseIdleCores): it also
   * serves whatever else runs on this machine.
   */
  databaseNetMsPerToken: number;
  /** bench/machine-speed.ts's probe, taken right before the measured seconds. */
  machineSpeed: number;
  /**
   * The cores every other process on the machine kept busy, on average over the measured
   * seconds (all cores' busy time less the server's, MariaDB's and this process's): on a shared
   * machine, what competed.
   */
  otherCores: number;
}

export interface CellOptions {
  warmUpSeconds: number;
  seconds: number;
  /** MariaDB's process (listenerOf(3306)). */
  databasePid: number;
  /** The cores MariaDB kept busy before the cells, with neither side under load. */
  databaseIdleCores: number;
}

/** CPU ms all cores have been busy since boot (all but idle). */
const busyMs = () =>
  os.cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** Runs one cell: the warm-up, then the measured seconds; closes its connections after. */
export async function measureCell(
  side: TokenSide,
  callers: number,
  { warmUpSeconds, seconds, databasePid, databaseIdleCores }: CellOptions,
): Promise<CellFigures> {
  const pools = Array.from(
    { length: callers },
    (_, loop) => new Http1Pool(side.origins[loop % side.origins.length]!),
  );
  const headers = {
    authorization: side.authorization,
    'content-type': 'application/x-www-form-urlencoded',
  };
  const body = Buffer.from(TOKEN_REQUEST_BODY);
  let refused: Record<string, number> = {};
  const tokenRequest = async (loop: number, extra: Record<string, string> = {}) => {
    const answer = await pools[loop]!.request(
      'POST',
      side.tokenPath,
      { ...headers, ...extra },
      body,
    ).catch(() => undefined);
    if (answer?.status === 200) return true;
    const key = answer ? String(answer.status) : 'no answer';
    refused[key] = (refused[key] ?? 0) + 1;
    return false;
  };

  await closedLoops(callers, warmUpSeconds, (loop) => tokenRequest(loop));
  const refusedInWarmUp = refused;
  refused = {};
  const speed = machineSpeed();
  const tally = new CpuTally({
    processes: [
      ...side.pids.map((pid, i) => ({ name: `server ${i + 1}`, pid })),
      { name: 'MariaDB', pid: databasePid },
    ],
  });
  const busyBefore = busyMs();
  const result = await tally.over(() =>
    closedLoops(callers, seconds, (loop) => tokenRequest(loop)),
  );
  const busy = busyMs() - busyBefore;
  const measuredRefused = refused;
  // Http1Pool keeps its connections open: one last request each asks the server to close it.
  await Promise.all(pools.map((_, loop) => tokenRequest(loop, { connection: 'close' })));

  const tokens = result.requests - result.errors;
  const { p50, p99, max } = latencies(result.latenciesMs);
  const { total: _total, ...each } = tally.perOperation();
  // The server's processes as one: its CPU whichever process spent it.
  const servers = side.pids.reduce((sum, _pid, i) => sum + each[`server ${i + 1}`]!, 0);
  const cpu = {
    server: round(servers),
    MariaDB: each.MariaDB!,
    'load generator': each['load generator'] ?? 0,
    total: round(servers + each.MariaDB! + (each['load generator'] ?? 0)),
  };
  const watched = (cpu.server! + cpu.MariaDB! + cpu['load generator']!) * result.requests;
  const mean = result.latenciesMs.reduce((sum, ms) => sum + ms, 0) / result.latenciesMs.length;
  return {
    side: side.name,
    callers,
    tokens,
    refused: measuredRefused,
    refusedInWarmUp,
    seconds: round(result.seconds, 3),
    tokensPerSecond: round(tokens / result.seconds, 1),
    latencyMs: { mean: round(mean), p50: round(p50), p99: round(p99), max: round(max) },
    cpuMsPerToken: cpu,
    databaseNetMsPerToken: round(
      cpu.MariaDB! - (databaseIdleCores * 1000) / (tokens / result.seconds),
    ),
    machineSpeed: speed,
    otherCores: round((busy - watched) / (result.seconds * 1000)),
  };
}
