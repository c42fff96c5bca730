/**
 * Ours beside Keycloak 26's own bulk path on this machine and this MariaDB: the same users, 1,000
 * a call, at 1 and at 4 calls in flight. Ours is the migration tool against the distributed
 * service; Keycloak's is `POST /admin/realms/{realm}/partialImport` with hashed credentials and
 * `ifResourceExists: SKIP` (bench/keycloak-import.ts).
 */
import { brokerForRun } from './bench-report.js';
import { KeycloakServer, partialImport } from './keycloak-import.js';
import { withExport } from './keycloak-export-writer.js';
import { startDistributed } from './migrate-services.js';
import { measureMigration } from './migrate-run.js';

const IN_FLIGHT = [1, 4];

interface Side {
  inFlight: number;
  usersPerSecond: number;
  cpuMsPerUser: number;
}

async function ours(users: number): Promise<Side[]> {
  const broker = await brokerForRun();
  const service = await startDistributed(process.env.KAFKA_BROKERS!);
  const sides: Side[] = [];
  try {
    for (const inFlight of IN_FLIGHT) {
      const realm = `side${inFlight}`;
      const run = await withExport(users, realm, (dir, bytes) =>
        measureMigration({
          service,
          others: [],
          dir,
          realm,
          users,
          sourceSize: bytes,
          inFlight,
          window: users / 2,
          settled: async () => {},
        }),
      );
      sides.push({
        inFlight,
        usersPerSecond: run.usersPerSecond,
        cpuMsPerUser: run.cpuMsPerUser.API ?? NaN,
      });
    }
  } finally {
    await service.stop();
    await broker?.remove();
  }
  return sides;
}

async function keycloak(users: number): Promise<Side[]> {
  const server = await KeycloakServer.start({
    databaseName: `kc_bench_${Date.now().toString(36)}`,
  });
  const sides: Side[] = [];
  try {
    for (const inFlight of IN_FLIGHT) {
      const figures = await partialImport(server, {
        realm: `side${inFlight}`,
        users,
        perCall: 1000,
        inFlight,
      });
      sides.push({
        inFlight,
        usersPerSecond: figures.usersPerSecond,
        cpuMsPerUser: Math.round((figures.keycloakCpuMs / users) * 1000) / 1000,
      });
    }
  } finally {
    await server.stop();
  }
  return sides;
}

/** Each side's users a second at 1 and 4 calls in flight, and how many times Keycloak's ours is. */
export async function keycloakSideBySide(users: number) {
  const ourSides = await ours(users);
  const theirs = await keycloak(users);
  return IN_FLIGHT.map((inFlight, i) => ({
    inFlight,
    users,
    ours: ourSides[i],
    keycloak: theirs[i],
    times: Math.round((ourSides[i]!.usersPerSecond / theirs[i]!.usersPerSecond) * 10) / 10,
  }));
}
