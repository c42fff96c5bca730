/**
 * The migration tool as `identityctl migrate --from keycloak` runs it (runMigration over
 * keycloakSource), in a process of its own, telling its parent where it stands after every batch:
 * one JSON line `{ at, done }` each (ms since the start, records done), then the summary.
 *
 *   node dist/bench/migrate-tool.js '{"dir":…,"realm":…,"url":…,"token":…,"inFlight":4}'
 */
import { keycloakSource } from '../services/api/cli/migrate/keycloak-source.js';
import { runMigration } from '../services/api/cli/migrate/migration.js';
import { runMain } from './bench-report.js';

interface ToolSpec {
  dir: string;
  realm: string;
  url: string;
  token: string;
  inFlight: number;
  sourceSize: number;
}

runMain(async () => {
  const spec = JSON.parse(process.argv[2]!) as ToolSpec;
  const started = Date.now();
  const summary = await runMigration({
    source: keycloakSource(spec.dir, spec.realm, new Map()),
    sourceSize: spec.sourceSize,
    url: spec.url,
    token: spec.token,
    batchSize: 1000,
    inFlight: spec.inFlight,
    sendInitializationEmail: false,
    checkpoint: `${spec.dir}/checkpoint.json`,
    report: `${spec.dir}/report.ndjson`,
    log: (line) => process.stderr.write(`${line}\n`),
    progress: {
      update: ({ done }) =>
        process.stdout.write(`${JSON.stringify({ at: Date.now() - started, done })}\n`),
      stop: () => undefined,
    },
  });
  process.stdout.write(`${JSON.stringify({ summary })}\n`);
});
