/**
 * Keycloak's own bulk import on this machine, on its own: 10,000 users in calls of 1,000, one
 * call in flight, then four (each into a realm of its own). Prints one JSON line per run.
 *
 *   npx tsc -b && node dist/bench/keycloak-import-main.js
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { machine, runMain } from './bench-report.js';
import { KeycloakServer, partialImport } from './keycloak-import.js';

const USERS = 10_000;
const PER_CALL = 1_000;

async function main(): Promise<void> {
  // A signal ends the process without its 'exit' hooks (one kills Keycloak's JVM if still up):
  // stop the server properly, database and all, then exit.
  const started: { server?: KeycloakServer } = {};
  const stopAndExit = () =>
    void (started.server?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAndExit);
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const startedAt = performance.now();
  const server = await KeycloakServer.start({ databaseName: `kc_bench_${run}` });
  started.server = server;
  const startSeconds = Math.round(performance.now() - startedAt) / 1000;
  console.log(
    JSON.stringify({ keycloak: server.url, startSeconds, log: server.logFile, ...machine() }),
  );
  try {
    for (const inFlight of [1, 4]) {
      const figures = await partialImport(server, {
        realm: `import-${inFlight}-in-flight`,
        users: USERS,
        perCall: PER_CALL,
        inFlight,
      });
      const keycloakCpuMsPerUser = Math.round((figures.keycloakCpuMs / figures.users) * 100) / 100;
      const loadAverage = os.loadavg().map((load) => Math.round(load * 100) / 100);
      console.log(JSON.stringify({ ...figures, keycloakCpuMsPerUser, loadAverage }));
    }
  } finally {
    await server.stop();
  }
}

runMain(main);
