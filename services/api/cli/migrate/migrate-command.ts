import { existsSync, statSync } from 'node:fs';
import type { PasswordPolicy } from '../../../../shared/config/config.js';
import type { Lists, Options } from '../options.js';
import { UsageError } from '../usage-error.js';
import { runMigration, type MigrationOptions, type MigrationSummary } from './migration.js';
import { CSV_FIELDS, csvSource, identitySource, type Source } from './sources.js';
import { firebaseSource, type FirebaseHashParameters } from './firebase-source.js';
import { keycloakFiles, keycloakSource } from './keycloak-source.js';
import { auth0Source } from './auth0-source.js';

/** The options of `identityctl migrate --from …`. */
export const MIGRATE_OPTIONS = [
  'from',
  'in',
  'map',
  'idp',
  'url',
  'token',
  'org',
  'batch-size',
  'in-flight',
  'checkpoint',
  'report',
  'send-emails',
  'dry-run',
  'hash-key',
  'salt-separator',
  'rounds',
  'mem-cost',
  'realm',
  'hashes',
] as const;

type Planned = Omit<MigrationOptions, 'source' | 'dryRun' | 'log'> & {
  source: () => Source;
  dryRun: boolean;
};

/** `FROM=TO` pairs of a list option, each side non-empty. */
function pairs(option: string, values: string[] | undefined): Map<string, string> {
  return new Map(
    (values ?? []).map((value) => {
      const at = value.indexOf('=');
      if (at <= 0 || at === value.length - 1)
        throw new UsageError(`--${option} takes NAME=VALUE, not "${value}"`, 'migrate');
      return [value.slice(0, at), value.slice(at + 1)];
    }),
  );
}

function count(option: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${option} must be a whole number from 1 to ${max}`, 'migrate');
  return n;
}

/** Firebase's hash parameters, each required with --from firebase. */
function firebaseParameters(o: Options): FirebaseHashParameters {
  for (const option of ['hash-key', 'salt-separator', 'rounds', 'mem-cost'])
    if (!o[option]) throw new UsageError(`--from firebase needs --${option}`, 'migrate');
  return {
    hashKey: o['hash-key']!,
    saltSeparator: o['salt-separator']!,
    rounds: count('rounds', o.rounds, 8, 32),
    memCost: count('mem-cost', o['mem-cost'], 14, 20),
  };
}

/** The migration the options describe, every option checked before anything is read or sent. */
export function migrationOptions(o: Options, lists: Lists): Planned {
  const input = o.in?.replace(/(.)\/+$/, '$1');
  if (!input) throw new UsageError('--in is required with --from', 'migrate');
  if (!existsSync(input)) throw new UsageError(`--in: no file ${input}`, 'migrate');
  const url = o.url ?? process.env.API_URL;
  const token = o.token ?? process.env.TOKEN;
  const dryRun = o['dry-run'] === 'true';
  if (!dryRun && (!url || !token))
    throw new UsageError('give --url and --token, or API_URL and TOKEN', 'migrate');
  const map = pairs('map', lists.map);
  for (const field of map.values())
    if (!(CSV_FIELDS as readonly string[]).includes(field))
      throw new UsageError(
        `--map: no field "${field}"; one of ${CSV_FIELDS.join(', ')}`,
        'migrate',
      );
  const idps = pairs('idp', lists.idp);
  const sources: Record<string, () => Source> = {
    csv: () => csvSource(input, map as Map<string, (typeof CSV_FIELDS)[number]>),
    identity: () => identitySource(input, idps),
    firebase: () => firebaseSource(input, firebaseParameters(o), idps),
    keycloak: () => keycloakSource(input, o.realm, idps),
    auth0: () => auth0Source(input, o.hashes, idps),
  };
  if (o.from === 'firebase') firebaseParameters(o);
  const files = o.from === 'keycloak' ? keycloakFiles(input, o.realm) : [input];
  if (o.hashes !== undefined && !existsSync(o.hashes))
    throw new UsageError(`--hashes: no file ${o.hashes}`, 'migrate');
  const source = sources[o.from!];
  if (!source)
    throw new UsageError(`--from takes ${Object.keys(sources).join(' or ')} here`, 'migrate');
  if (o.from === 'csv' && map.size === 0)
    throw new UsageError('--from csv needs --map COLUMN=FIELD for its columns', 'migrate');
  return {
    source,
    sourceSize: files.reduce((sum, file) => sum + statSync(file).size, 0),
    url: url ?? '',
    token: token ?? '',
    ...(o.org !== undefined && { orgId: o.org }),
    batchSize: count('batch-size', o['batch-size'], 1000, 1000),
    inFlight: count('in-flight', o['in-flight'], 4, 64),
    sendInitializationEmail: o['send-emails'] === 'true',
    checkpoint: o.checkpoint ?? `${input}.checkpoint.json`,
    report: o.report ?? `${input}.report.ndjson`,
    dryRun,
  };
}

/** Runs the migration; progress goes to stderr, the summary to stdout. */
export function migrateUsers(planned: Planned, policy: PasswordPolicy): Promise<MigrationSummary> {
  return runMigration({
    ...planned,
    source: planned.source(),
    dryRun: planned.dryRun ? { policy } : undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  });
}
