/**
 * Token requests with the client-credentials grant per second (issue 33's speed point): our
 * API's OpenID provider (`POST /oidc/token`, a machine user's secret) beside Keycloak 26's
 * (`/realms/{realm}/protocol/openid-connect/token`, a confidential client with a service
 * account), both on this machine and this MariaDB, at 1, 8 and 32 callers.
 *
 *   npm run bench:client-credentials [-- --seconds 10 --warm-up 3 --prime 10 --sides ours,keycloak
 *                                         --replicas 1]
 *
 * Ours runs as `--replicas` API processes, the callers taking turns between them as a Service's
 * connections do; Keycloak as one server. One is the default: a Node process works on one core
 * and Keycloak's JVM on both, but two API processes beside MariaDB and the load on two cores
 * measured no better against Keycloak here (2.61× at 32 callers, against 2.75× with one, in
 * neighbouring runs; docs/benchmarks.md).
 *
 * Each side is primed once (`--prime` seconds at 8 callers, not counted: the JVM's JIT and
 * V8's see the path before the first cell), then for each caller count the two sides are
 * measured in turn, which one first alternating from one caller count to the next, so that a
 * change of the machine's speed falls on both alike: `--warm-up` seconds, then `--seconds`
 * measured (client-credentials-load.ts). Only 200 answers count as tokens; any other is counted
 * and reported. Prints the results as JSON and as a table, and with both sides writes them to
 * docs/benchmarks/client-credentials-results.json (`--out` another file). Keycloak is stopped
 * and both databases dropped at the end, on a failure or on SIGINT/SIGTERM too.
 *
 * BENCH_PROFILE_DIR=<dir>: each of our API processes writes a V8 CPU profile there as it stops.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import mysql from 'mysql2/promise';
import { machine, runMain, sleep } from './bench-report.js';
import { measureCell, type CellFigures } from './client-credentials-load.js';
import { startKeycloak, startOurs, type TokenSide } from './client-credentials-sides.js';
import { cpuMsOf, DATABASE_SERVER, databaseServerPid } from './process-cpu.js';

const CALLERS = [1, 8, 32];
/** Issue 33: at least 3× Keycloak's rate at 32 callers. */
const TARGET = { callers: 32, timesKeycloak: 3 };

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

interface Row {
  callers: number;
  first: TokenSide['name'];
  ours?: CellFigures;
  keycloak?: CellFigures;
  /** Our tokens per second over Keycloak's. */
  oursOverKeycloak?: number;
}

/** The MariaDB server both sides use, as the results describe it. */
async function databaseServer(): Promise<Record<string, unknown>> {
  const connection = await mysql.createConnection({ uri: DATABASE_SERVER.toString() });
  try {
    const [rows] = await connection.query(
      `SELECT @@version AS version, @@innodb_buffer_pool_size AS bufferPoolBytes,
              @@innodb_flush_log_at_trx_commit AS flushLogAtTrxCommit`,
    );
    const [row] = rows as Record<string, string | number>[];
    return {
      version: row!.version,
      bufferPoolMiB: Number(row!.bufferPoolBytes) / 2 ** 20,
      flushLogAtTrxCommit: Number(row!.flushLogAtTrxCommit),
    };
  } finally {
    await connection.end();
  }
}

/** The cores `pid` keeps busy over `seconds` now (MariaDB's, before any load: others' work). */
async function idleCores(pid: number, seconds: number): Promise<number> {
  const before = cpuMsOf(pid);
  await sleep(seconds * 1000);
  return Math.round(((cpuMsOf(pid) - before) / (seconds * 1000)) * 1000) / 1000;
}

/** Markdown rows: per caller count, each side's rate, latency and CPU, and the ratio. */
function table(rows: Row[]): string {
  const pair = (row: Row, pick: (cell: CellFigures) => number | undefined) =>
    [row.ours, row.keycloak].map((cell) => (cell ? String(pick(cell) ?? '—') : '—')).join(' / ');
  const lines = [
    '| callers | tokens/s, ours / Keycloak | ours ÷ Keycloak | mean ms | p99 ms | CPU ms per token, server | MariaDB, less idle | other cores busy | non-200 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const refused = [row.ours, row.keycloak].reduce(
      (sum, cell) => sum + Object.values(cell?.refused ?? {}).reduce((a, b) => a + b, 0),
      0,
    );
    lines.push(
      `| ${[
        row.callers,
        pair(row, (c) => c.tokensPerSecond),
        row.oursOverKeycloak === undefined ? '—' : `${row.oursOverKeycloak}×`,
        pair(row, (c) => c.latencyMs.mean),
        pair(row, (c) => c.latencyMs.p99),
        pair(row, (c) => c.cpuMsPerToken.server),
        pair(row, (c) => c.databaseNetMsPerToken),
        pair(row, (c) => c.otherCores),
        refused,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const seconds = Number(option('seconds', '10'));
  const warmUpSeconds = Number(option('warm-up', '3'));
  const primeSeconds = Number(option('prime', '10'));
  const wanted = option('sides', 'ours,keycloak').split(',');
  const out = option('out', 'docs/benchmarks/client-credentials-results.json');
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

  const sides: TokenSide[] = [];
  const stopAll = () => Promise.allSettled(sides.map((side) => side.stop()));
  // A signal ends the process without its 'exit' hooks: stop the sides properly, then exit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stopAll().finally(() => process.exit(1)));
  try {
    const databasePid = databaseServerPid();
    if (!databasePid) throw new Error(`no process listens on ${DATABASE_SERVER.host}`);
    if (wanted.includes('ours')) sides.push(await startOurs(Number(option('replicas', '1'))));
    if (wanted.includes('keycloak')) sides.push(await startKeycloak(run));
    if (sides.length === 0) throw new Error('--sides names neither ours nor keycloak');

    const databaseIdleCores = await idleCores(databasePid, 5);
    const cellOptions = { warmUpSeconds, seconds, databasePid, databaseIdleCores };
    for (const side of sides)
      await measureCell(side, 8, { ...cellOptions, warmUpSeconds: 0, seconds: primeSeconds });
    const rows: Row[] = [];
    for (const [i, callers] of CALLERS.entries()) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      const row: Row = { callers, first: order[0]!.name };
      for (const side of order) {
        const cell = await measureCell(side, callers, cellOptions);
        row[side.name] = cell;
        console.error(JSON.stringify(cell));
      }
      if (row.ours && row.keycloak)
        row.oursOverKeycloak =
          Math.round((row.ours.tokensPerSecond / row.keycloak.tokensPerSecond) * 100) / 100;
      rows.push(row);
    }

    const atTarget = rows.find((row) => row.callers === TARGET.callers)?.oursOverKeycloak;
    const results = {
      date: new Date().toISOString(),
      measures: 'POST token requests, grant_type=client_credentials, client secret in HTTP Basic',
      machine: machine(),
      database: { ...(await databaseServer()), idleCoresBeforeTheCells: databaseIdleCores },
      secondsPerCell: seconds,
      warmUpSecondsPerCell: warmUpSeconds,
      primeSecondsPerSide: primeSeconds,
      sides: Object.fromEntries(sides.map((side) => [side.name, side.describe])),
      rows,
      target: {
        ...TARGET,
        measured: atTarget,
        met: atTarget === undefined ? undefined : atTarget >= TARGET.timesKeycloak,
      },
    };
    console.log(JSON.stringify(results, null, 2));
    console.log(table(rows));
    if (sides.length === 2 || process.argv.includes('--out')) {
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
      console.log(`written to ${out}`);
    }
  } finally {
    await stopAll();
  }
}

runMain(main);
