#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../../shared/config/config.js';
import { withEmbeddedKeys } from '../../../shared/config/embedded-keys.js';
import {
  createConfiguredDataSource,
  createConfiguredReader,
  ensureDatabase,
  migrate,
} from '../../../shared/db/data-source.js';
import type { DataSource } from 'typeorm';
import {
  addMember,
  createIdpConfig,
  createOrganization,
  grantOrganization,
} from '../admin/organizations.js';
import { addApplication, createProject } from '../admin/projects.js';
import { setup } from '../admin/setup.js';
import { issueUserToken } from '../admin/tokens.js';
import { resendInitializationEmail } from '../admin/users.js';
import { createClient } from '../oidc/clients.js';

type Options = Record<string, string | undefined>;
/** Options given as often as needed (`--redirect-uri A --redirect-uri B`): every value. */
type Lists = Record<string, string[] | undefined>;
/** Options without a value. */
const FLAGS = ['public', 'confidential'];
const LISTS = ['redirect-uri', 'post-logout-redirect-uri'];

interface Command {
  /** Its lines in the usage. */
  help: string;
  /** The options it needs, then those it may take; any other is refused. */
  required: string[];
  optional?: string[];
  /**
   * `reader` for a command that only reads: on the embedded database it then runs while the
   * service has the database open.
   */
  opens?: 'reader';
  /**
   * For setup and migrate, which bring the schema up to date themselves; every other command that
   * writes has it brought up to date first.
   */
  migrates?: true;
  /** Checks of the options' values, made before any database (or its lock) is opened. */
  check?(options: Options): void;
  run(
    context: { dataSource: DataSource; config: Config },
    options: Options,
    lists: Lists,
  ): Promise<unknown>;
}

const COMMANDS: Record<string, Command> = {
  setup: {
    help: '  setup                                        migrate, first org, first admin (IAM_OWNER), token',
    required: [],
    migrates: true,
    run: ({ dataSource, config }) => setup(dataSource, config),
  },
  migrate: {
    help: '  migrate                                      apply pending schema migrations',
    required: [],
    migrates: true,
    run: async ({ dataSource }) => ({ applied: await migrate(dataSource) }),
  },
  'org create': {
    help: '  org create --name NAME',
    required: ['name'],
    run: ({ dataSource }, o) => createOrganization(dataSource, o.name!),
  },
  'project create': {
    help: '  project create --org ORG_ID --name NAME',
    required: ['org', 'name'],
    run: ({ dataSource }, o) => createProject(dataSource, o.org!, o.name!),
  },
  'idp create': {
    help: '  idp create --org ORG_ID --name NAME',
    required: ['org', 'name'],
    run: ({ dataSource }, o) => createIdpConfig(dataSource, o.org!, o.name!),
  },
  'member add': {
    help: [
      '  member add --user USER_ID --role ROLE [--org ORG_ID]',
      '                                               ROLE: IAM_OWNER (instance-wide), ORG_OWNER,',
      '                                               ORG_USER_MANAGER, ORG_PROJECT_OWNER',
    ].join('\n'),
    required: ['user', 'role'],
    optional: ['org'],
    check: (o) => grantOrganization(o.role!, o.org),
    run: ({ dataSource }, o) =>
      addMember(dataSource, { orgId: o.org, userId: o.user!, role: o.role! }),
  },
  'user resend-init': {
    help: '  user resend-init --user USER_ID              a new initialization email, for a user not yet activated',
    required: ['user'],
    run: ({ dataSource }, o) => resendInitializationEmail(dataSource, o.user!),
  },
  'token issue': {
    help: '  token issue --user USER_ID [--ttl SECONDS]   for an active user; needs JWT_SIGNING_KEY_FILE',
    required: ['user'],
    optional: ['ttl'],
    opens: 'reader',
    check: (o) => ttl(o.ttl),
    run: async ({ dataSource, config }, o) => ({
      token: await issueUserToken(dataSource, config.auth, o.user!, ttl(o.ttl)),
    }),
  },
  'client create': {
    help: [
      '  client create --name NAME --redirect-uri URI [--redirect-uri URI ...]',
      '              [--post-logout-redirect-uri URI ...] [--public | --confidential]',
      '              [--project PROJECT_ID]            an OpenID client (default --confidential),',
      '                                               an application of the project when given;',
      '                                               prints clientId, and clientSecret once',
    ].join('\n'),
    required: ['name', 'redirect-uri'],
    optional: ['post-logout-redirect-uri', 'public', 'confidential', 'project'],
    check: (o) => {
      if (o.public && o.confidential)
        throw new UsageError('--public and --confidential exclude each other', 'client create');
    },
    run: ({ dataSource, config }, o, lists) => {
      const client = {
        name: o.name!,
        redirectUris: lists['redirect-uri']!,
        postLogoutRedirectUris: lists['post-logout-redirect-uri'] ?? [],
      };
      return o.project
        ? addApplication({ dataSource, config }, o.project, client, !o.public)
        : createClient(dataSource, config, { ...client, confidential: !o.public });
    },
  },
};

const FOOTER = `Configuration comes from the environment: DATABASE_URL, JWT_SIGNING_KEY_FILE, JWT_ISSUER, ...
Without DATABASE_URL it works on the embedded database in DATA_DIR, while the service is stopped
(token issue also while it runs).`;

/** The whole usage, or one command's. */
function usage(name?: string): string {
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command) return `usage: identityctl ${command.help.trim()}\n\n${FOOTER}`;
  const lines = Object.values(COMMANDS).map((known) => known.help);
  return `usage: identityctl <command> [options]   (prints JSON on stdout)

${lines.join('\n')}

${FOOTER}`;
}

function ttl(value: string | undefined): number {
  if (value === undefined) return 3600;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new UsageError('--ttl must be a whole number of seconds');
  return seconds;
}

/** A call the usage does not allow: exit 2, with the usage. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

const OPTION_NAMES = [
  ...new Set(
    Object.values(COMMANDS).flatMap((command) => [
      ...command.required,
      ...(command.optional ?? []),
    ]),
  ),
];

/** `help`, `--help` or `-h` (before any `--`): whose usage is asked for, '' for the whole. */
function helpAsked(argv: string[]): string | undefined {
  const end = argv.indexOf('--');
  const args = end === -1 ? argv : argv.slice(0, end);
  if (args[0] === 'help') return args.slice(1).join(' ');
  if (!args.some((arg) => arg === '--help' || arg === '-h')) return undefined;
  return args.filter((arg) => !arg.startsWith('-')).join(' ');
}

/** The command and its options, every option checked, before anything is opened. */
function parse(argv: string[]): {
  name: string;
  command: Command;
  options: Options;
  lists: Lists;
} {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: Object.fromEntries(
        OPTION_NAMES.map((name) => [
          name,
          FLAGS.includes(name)
            ? { type: 'boolean' }
            : { type: 'string', multiple: LISTS.includes(name) },
        ]),
      ),
    });
  } catch (error) {
    throw parseError(error);
  }
  const name = parsed.positionals.join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(name ? `unknown command "${name}"` : 'no command given');
  const lists: Lists = {};
  const options: Options = {};
  for (const [option, value] of Object.entries(parsed.values)) {
    const values = (Array.isArray(value) ? value : [value]).map((v) => (v === true ? 'true' : v));
    if (Array.isArray(value)) lists[option] = values as string[];
    options[option] = values[0] as string | undefined;
  }
  const allowed = [...command.required, ...(command.optional ?? [])];
  for (const option of Object.keys(options)) {
    if (!allowed.includes(option))
      throw new UsageError(`unknown option --${option} for "${name}"`, name);
  }
  for (const option of command.required) {
    if (!options[option]) throw new UsageError(`--${option} is required`, name);
  }
  command.check?.(options);
  return { name, command, options, lists };
}

/** node's parseArgs errors, said as the rest of the usage errors are. */
function parseError(error: unknown): unknown {
  const { code, message } = error as { code?: string; message: string };
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${option}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UsageError(`${option} needs a value`);
  return error;
}

/** What to print on stdout. */
async function run(argv: string[]): Promise<string> {
  const asked = helpAsked(argv);
  if (asked !== undefined) return usage(asked);
  const { command, options, lists } = parse(argv);
  const settings = loadConfig();
  const writes = command.opens !== 'reader';
  if (settings.databaseUrl && writes) await ensureDatabase(settings.databaseUrl);
  const dataSource = writes
    ? createConfiguredDataSource({ ...settings, databasePoolSize: 2 })
    : createConfiguredReader(settings);
  try {
    await dataSource.initialize();
    // On a fresh clone too, before the first start: as setup does, and as the service does.
    if (writes && !command.migrates) await migrate(dataSource);
    // The embedded mode's keys only once the database is open, so a command that cannot open it
    // leaves none behind.
    const config = await withEmbeddedKeys(settings);
    return JSON.stringify(await command.run({ dataSource, config }, options, lists));
  } catch (error) {
    if (!writes && isMissingSchema(error))
      throw new Error(
        'the database has no schema yet: run `identityctl setup` (or start the service) first',
      );
    throw error;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

/** No database, or not the table asked for: MySQL's ER_BAD_DB_ERROR and ER_NO_SUCH_TABLE, SQLite's words. */
function isMissingSchema(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    code === 'ER_BAD_DB_ERROR' || code === 'ER_NO_SUCH_TABLE' || /no such table/.test(message ?? '')
  );
}

run(process.argv.slice(2)).then(
  (output) => process.stdout.write(`${output}\n`),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`identityctl: ${message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${usage(error.command)}\n`);
    process.exit(error instanceof UsageError || error instanceof ConfigError ? 2 : 1);
  },
);
