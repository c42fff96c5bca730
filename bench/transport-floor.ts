/**
 * What a unary call costs over each transport's server stack alone, without the service: a
 * node:http server (as the REST lane serves JSON) and a @grpc/grpc-js server (as the API serves
 * gRPC), in one process of their own, each call doing the same work: two MariaDB round trips
 * through mysql2 (as an update's locking read and its writes), then a 74-byte answer. The load
 * is the bench's own clients (bench/http1-client.ts, bench/grpc-client.ts) in this process, the
 * two transports measured in turn.
 *
 *   npm run bench:transports   [BENCH_SECONDS=3] [BENCH_ROUNDS=4] [BENCH_CONCURRENCIES=1,8]
 *                              [BENCH_NOISE=0,2] [TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/]
 *                              [BENCH_OUT=docs/benchmarks]
 *
 * `BENCH_NOISE` is how many extra processes run beside them, each busy for 1 ms of every ~2.5 ms
 * over 4 MiB of memory: the service's other processes (MariaDB, Kafka, the worker) keep the two
 * cores about that busy during `npm run bench`. Prints, per concurrency and noise, each
 * transport's calls/s, p50, and the server's and the load's CPU per call, and gRPC's share of
 * JSON's calls/s; with BENCH_OUT, writes them to BENCH_OUT/transport-floor.json too.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:http';
import * as grpc from '@grpc/grpc-js';
import mysql from 'mysql2/promise';
import { closedLoops, latencies, machine, runMain } from './bench-report.js';
import { GrpcConnection } from './grpc-client.js';
import { Http1Pool } from './http1-client.js';
import { cpuMsOf } from './process-cpu.js';

const list = (name: string, all: number[]): number[] =>
  process.env[name] ? process.env[name]!.split(',').map(Number) : all;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCIES = list('BENCH_CONCURRENCIES', [1, 8]);
const NOISE = list('BENCH_NOISE', [0, 2]);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';
const PATH = '/bench.Floor/Call';
const REQUEST = Buffer.from(JSON.stringify({ firstName: 'Bench', lastName: 'Loop 1' }));
const ANSWER = Buffer.from(
  JSON.stringify({ details: { sequence: '1234567', changeDate: new Date().toISOString() } }),
);

type Transport = 'JSON' | 'gRPC';
interface Ports {
  http: number;
  grpc: number;
}

/** The server process: both stacks, each call two round trips to MariaDB and one answer. */
async function serve(): Promise<void> {
  const pool = mysql.createPool({ uri: DATABASE_URL, connectionLimit: 8 });
  const work = async () => {
    await pool.query('SELECT 1');
    await pool.query('SELECT 2');
  };
  const http = createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => {
      work().then(
        () => {
          response.writeHead(200, {
            'content-type': 'application/json',
            'content-length': ANSWER.length,
          });
          response.end(ANSWER);
        },
        (error: Error) => response.destroy(error),
      );
    });
  });
  // The load's connections are idle while the other transport is measured.
  http.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const server = new grpc.Server({ 'grpc.enable_channelz': 0 });
  const bytes = (buffer: Buffer) => buffer;
  server.addService(
    {
      Call: {
        path: PATH,
        requestStream: false,
        responseStream: false,
        requestSerialize: bytes,
        requestDeserialize: bytes,
        responseSerialize: bytes,
        responseDeserialize: bytes,
      },
    },
    {
      Call: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
        work().then(
          () => callback(null, ANSWER),
          (error: Error) => callback(error),
        );
      },
    },
  );
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
  const address = http.address();
  process.send!({ http: typeof address === 'object' ? address!.port : 0, grpc: grpcPort });
  process.on('disconnect', () => process.exit(0));
}

/** A noise process: busy for 1 ms over 4 MiB, then a timer's wait, until its parent goes. */
function noise(): void {
  const memory = new Float64Array(512 * 1024);
  let at = 0;
  const burn = () => {
    const until = performance.now() + 1;
    while (performance.now() < until) {
      memory[at % memory.length]! += 1;
      at += 4099;
    }
    setTimeout(burn, 1);
  };
  burn();
  process.on('disconnect', () => process.exit(0));
}

function child(role: '--server' | '--noise'): ChildProcess {
  return fork(process.argv[1]!, [role], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function main(): Promise<void> {
  const server = child('--server');
  const ports = await new Promise<Ports>((resolve) => server.once('message', resolve));
  const pool = new Http1Pool(`http://127.0.0.1:${ports.http}`);
  const framed = Buffer.concat([Buffer.from([0, 0, 0, 0, REQUEST.length]), REQUEST]);
  const connections = await Promise.all(
    Array.from({ length: Math.max(...CONCURRENCIES) }, () =>
      GrpcConnection.open(`127.0.0.1:${ports.grpc}`),
    ),
  );
  const calls: Record<Transport, (loop: number) => Promise<boolean>> = {
    JSON: async () =>
      (
        await pool.request(
          'PUT',
          '/floor',
          { authorization: 'Bearer token', 'content-type': 'application/json' },
          REQUEST,
        )
      ).status === 200,
    gRPC: (loop) => connections[loop]!.call(PATH, 'Bearer token', framed),
  };
  const rows = [];
  try {
    for (const noiseProcesses of NOISE) {
      const noises = Array.from({ length: noiseProcesses }, () => child('--noise'));
      for (const concurrency of CONCURRENCIES) {
        const sums = {
          JSON: { calls: 0, seconds: 0, serverMs: 0, loadMs: 0, latenciesMs: [] as number[] },
          gRPC: { calls: 0, seconds: 0, serverMs: 0, loadMs: 0, latenciesMs: [] as number[] },
        };
        for (let round = -1; round < ROUNDS; round++) {
          const order: Transport[] = round % 2 === 0 ? ['JSON', 'gRPC'] : ['gRPC', 'JSON'];
          for (const transport of order) {
            const serverAt = cpuMsOf(server.pid!);
            const result = await closedLoops(concurrency, round < 0 ? 1 : SECONDS, (loop) =>
              calls[transport](loop),
            );
            // The first round warms both up and is not kept.
            if (round < 0) continue;
            const sum = sums[transport];
            sum.calls += result.requests;
            sum.seconds += result.seconds;
            sum.serverMs += cpuMsOf(server.pid!) - serverAt;
            sum.loadMs += result.clientCpuMs ?? 0;
            sum.latenciesMs.push(...result.latenciesMs);
          }
        }
        const perSecond = (transport: Transport) => sums[transport].calls / sums[transport].seconds;
        for (const transport of ['JSON', 'gRPC'] as const) {
          const sum = sums[transport];
          rows.push({
            noiseProcesses,
            concurrency,
            transport,
            callsPerSecond: Math.round(perSecond(transport)),
            p50Ms: Number(latencies(sum.latenciesMs).p50.toFixed(3)),
            serverCpuUsPerCall: Math.round((sum.serverMs * 1000) / sum.calls),
            loadCpuUsPerCall: Math.round((sum.loadMs * 1000) / sum.calls),
            ofJson: Number((perSecond(transport) / perSecond('JSON')).toFixed(2)),
          });
        }
      }
      for (const noiseProcess of noises) noiseProcess.disconnect();
    }
  } finally {
    for (const connection of connections) connection.close();
    server.disconnect();
  }
  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    seconds: SECONDS,
    rounds: ROUNDS,
    rows,
  };
  console.log(JSON.stringify(results));
  console.table(rows);
  if (process.env.BENCH_OUT)
    await writeFile(
      join(process.env.BENCH_OUT, 'transport-floor.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
}

const role = process.argv[2];
if (role === '--server') runMain(serve);
else if (role === '--noise') noise();
else runMain(main);
