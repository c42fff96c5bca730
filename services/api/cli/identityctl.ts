#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../../shared/config/config.js';
import { withEmbeddedKeys } from '../../../shared/config/embedded-keys.js';
import {
  createConfiguredDataSource,
  createConfiguredReader,
  ensureDatabase,
  migrate,
} from '../../../shared/db/data-source.js';
import {
  COMMANDS,
  FLAGS,
  LISTS,
  UsageError,
  type Command,
  type Lists,
  type Options,
} from './commands.js';
import { MANAGEMENT_OPERATIONS } from '../admin/operation-calls.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { callService, runningService } from './running-service.js';

const FOOTER = `Configuration comes from the environment: DATABASE_URL, JWT_SIGNING_KEY_FILE, JWT_ISSUER, ...
Without DATABASE_URL it works on the embedded database in DATA_DIR, while the service is stopped
(token issue also while it runs). \`project create\` and \`call\` go to the running service over
the API when one answers: at API_URL with TOKEN, or where DATA_DIR/quickstart.env says.`;

/** The whole usage, or one command's. */
function usage(name?: string): string {
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command) return `usage: identityctl ${command.help.trim()}\n\n${FOOTER}`;
  const lines = Object.values(COMMANDS).map((known) => known.help);
  return `usage: identityctl <command> [options]   (prints JSON on stdout)

${lines.join('\n')}

${FOOTER}`;
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
  // A command that takes a word after its name (`call AddProjectRole`) is named without it.
  const leading = parsed.positionals.slice(0, -1).join(' ');
  const takesWord = COMMANDS[leading]?.positional === true;
  const name = takesWord ? leading : parsed.positionals.join(' ');
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
  if (takesWord) options.operation = parsed.positionals.at(-1);
  command.check?.(options, lists);
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
  // A command that works over the API (migrate --from) opens no database.
  if (command.offline?.(options))
    return JSON.stringify(
      await command.run({ dataSource: undefined as never, config: settings }, options, lists),
    );
  // A command that has an operation calls the running service, if one runs, over the API.
  const overApi = command.operation?.(options);
  const service = overApi && (await runningService(settings));
  if (overApi && service) {
    const { method, orgId, request, answer = (response) => response } = overApi;
    const response = await callService(service, MANAGEMENT_OPERATIONS.get(method)!, orgId, request);
    return JSON.stringify(answer(response as Record<string, unknown>));
  }
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
    // A refusal of an operation's handler (org create, project create) says its error id, as
    // the API and `identityctl call` do.
    const message =
      error instanceof ServiceError
        ? `${error.id}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`identityctl: ${message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${usage(error.command)}\n`);
    process.exit(error instanceof UsageError || error instanceof ConfigError ? 2 : 1);
  },
);
