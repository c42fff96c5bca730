#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../../shared/config/config.js';
import { withEmbeddedKeys } from '../../../shared/config/embedded-keys.js';
import {
  createConfiguredDataSource,
  ensureDatabase,
  migrate,
} from '../../../shared/db/data-source.js';
import type { DataSource } from 'typeorm';
import { addMember, createIdpConfig, createOrganization } from '../admin/organizations.js';
import { createProject } from '../admin/projects.js';
import { setup } from '../admin/setup.js';
import { issueToken } from '../admin/tokens.js';

const USAGE = `usage: identityctl <command> [options]   (prints JSON on stdout)

  setup                                        migrate, first org, first admin (IAM_OWNER), token
  migrate                                      apply pending schema migrations
  org create --name NAME
  project create --org ORG_ID --name NAME
  idp create --org ORG_ID --name NAME
  member add --user USER_ID --role ROLE [--org ORG_ID]
                                               ROLE: IAM_OWNER (instance-wide), ORG_OWNER,
                                               ORG_USER_MANAGER, ORG_PROJECT_OWNER
  token issue --user USER_ID [--ttl SECONDS]   needs JWT_SIGNING_KEY_FILE

Configuration comes from the environment: DATABASE_URL, JWT_SIGNING_KEY_FILE, JWT_ISSUER, ...
Without DATABASE_URL it works on the embedded database in DATA_DIR, while the service is stopped.`;

type Options = Record<string, string | undefined>;
type Command = (
  context: { dataSource: DataSource; config: Config },
  options: Options,
) => Promise<unknown>;

const COMMANDS: Record<string, Command> = {
  setup: ({ dataSource, config }) => setup(dataSource, config),
  migrate: async ({ dataSource }) => ({ applied: await migrate(dataSource) }),
  'org create': ({ dataSource }, o) => createOrganization(dataSource, required(o, 'name')),
  'project create': ({ dataSource }, o) =>
    createProject(dataSource, required(o, 'org'), required(o, 'name')),
  'idp create': ({ dataSource }, o) =>
    createIdpConfig(dataSource, required(o, 'org'), required(o, 'name')),
  'member add': ({ dataSource }, o) =>
    addMember(dataSource, { orgId: o.org, userId: required(o, 'user'), role: required(o, 'role') }),
  'token issue': async ({ config }, o) => ({
    token: await issueToken(config.auth, required(o, 'user'), ttl(o.ttl)),
  }),
};

/** Commands that need no database connection. */
const OFFLINE = new Set(['token issue']);

function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function ttl(value: string | undefined): number {
  if (value === undefined) return 3600;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new UsageError('--ttl must be a whole number of seconds');
  return seconds;
}

class UsageError extends Error {}

async function run(argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      org: { type: 'string' },
      user: { type: 'string' },
      role: { type: 'string' },
      ttl: { type: 'string' },
    },
  });
  const name = positionals.join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(name ? `unknown command "${name}"` : 'no command given');
  const config = await withEmbeddedKeys(loadConfig());
  if (OFFLINE.has(name)) return command({ dataSource: undefined as never, config }, values);
  if (config.databaseUrl && (name === 'setup' || name === 'migrate'))
    await ensureDatabase(config.databaseUrl);
  const dataSource = createConfiguredDataSource({ ...config, databasePoolSize: 2 });
  await dataSource.initialize();
  try {
    return await command({ dataSource, config }, values);
  } finally {
    await dataSource.destroy();
  }
}

run(process.argv.slice(2)).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`identityctl: ${message}\n`);
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    )
      process.stderr.write(`\n${USAGE}\n`);
    process.exit(error instanceof UsageError || error instanceof ConfigError ? 2 : 1);
  },
);
