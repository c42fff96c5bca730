import { readFileSync } from 'node:fs';
import type { Config } from '../../../shared/config/config.js';
import { migrate } from '../../../shared/db/data-source.js';
import type { DataSource } from 'typeorm';
import {
  addMember,
  createIdpConfig,
  createOrganization,
  grantOrganization,
} from '../admin/organizations.js';
import { callOperation, MANAGEMENT_OPERATIONS } from '../admin/operation-calls.js';
import { exportUsers } from '../admin/export.js';
import { UsageError } from './usage-error.js';
import type { Lists, Options } from './options.js';

export type { Lists, Options };

export { UsageError };
import { MIGRATE_OPTIONS, migrateUsers, migrationOptions } from './migrate/migrate-command.js';
import { addApplication, createProject } from '../admin/projects.js';
import { setup } from '../admin/setup.js';
import { issueUserToken } from '../admin/tokens.js';
import { resendInitializationEmail, resendInitializationEmails } from '../admin/users.js';
import { createClient } from '../oidc/clients.js';

/** identityctl's commands: what each takes and does. identityctl.ts parses and runs them. */

/** Options without a value. */
export const FLAGS = ['public', 'confidential', 'include-secrets', 'dry-run', 'send-emails'];
export const LISTS = ['redirect-uri', 'post-logout-redirect-uri', 'map', 'idp'];

export interface Command {
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
  /** Takes one word after its name (`call AddProjectRole`), as the option `operation`. */
  positional?: true;
  /** Whether this call opens no database (it works over the API): `run` gets none then. */
  offline?(options: Options): boolean;
  /**
   * The ManagementService operation the command makes, and what of its answer it prints: when a
   * service runs (runningService), identityctl calls it over the API instead of opening the
   * database, so that nobody stops the service (the embedded one holds its database) for it.
   */
  operation?(options: Options): {
    method: string;
    /** The target organization; none for an operation of the instance (AddOrg). */
    orgId?: string;
    request: Record<string, unknown>;
    answer?(response: Record<string, unknown>): unknown;
  };
  /** Checks of the options' values, made before any database (or its lock) is opened. */
  check?(options: Options, lists: Lists): void;
  run(
    context: { dataSource: DataSource; config: Config },
    options: Options,
    lists: Lists,
  ): Promise<unknown>;
}

export const COMMANDS: Record<string, Command> = {
  setup: {
    help: '  setup                                        migrate, first org, first admin (IAM_OWNER), token',
    required: [],
    migrates: true,
    run: ({ dataSource, config }) => setup(dataSource, config),
  },
  migrate: {
    help: [
      '  migrate                                      apply pending schema migrations',
      '  migrate --from keycloak|auth0|firebase|csv|identity --in PATH [--idp FROM=CONFIG_ID ...]',
      '          [--realm NAME]   (keycloak: PATH the kc.sh export folder, or one file)',
      '          [--hashes FILE]   (auth0: the password hash export, joined by user id)',
      '          [--hash-key KEY --salt-separator SEP --rounds N --mem-cost N]   (firebase)',
      '          [--map COLUMN=FIELD ...]   (csv)',
      '          [--url URL] [--token TOKEN] [--org ORG_ID] [--batch-size N] [--in-flight N]',
      '          [--checkpoint FILE] [--report FILE] [--send-emails] [--dry-run]',
      '                                               move users here from an export, over the',
      '                                               API (API_URL and TOKEN from the environment',
      '                                               by default); resumable, every refusal reported',
    ].join('\n'),
    required: [],
    optional: [...MIGRATE_OPTIONS],
    migrates: true,
    check: (o, lists) => void (o.from !== undefined && migrationOptions(o, lists)),
    offline: (o) => o.from !== undefined,
    run: async ({ dataSource, config }, o, lists) =>
      o.from !== undefined
        ? migrateUsers(migrationOptions(o, lists), config.passwordPolicy)
        : { applied: await migrate(dataSource) },
  },
  'org create': {
    help: '  org create --name NAME',
    required: ['name'],
    operation: (o) => ({
      method: 'AddOrg',
      request: { name: o.name! },
      answer: (response) => ({ orgId: response.id }),
    }),
    run: ({ dataSource }, o) => createOrganization(dataSource, o.name!),
  },
  'project create': {
    help: '  project create --org ORG_ID --name NAME',
    required: ['org', 'name'],
    operation: (o) => ({
      method: 'AddProject',
      orgId: o.org!,
      request: { name: o.name! },
      answer: (response) => ({ projectId: response.id }),
    }),
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
      '                                               ORG_USER_MANAGER, ORG_PROJECT_OWNER,',
      '                                               ORG_USER_VIEWER, ORG_PROJECT_VIEWER',
    ].join('\n'),
    required: ['user', 'role'],
    optional: ['org'],
    check: (o) => grantOrganization(o.role!, o.org),
    run: ({ dataSource }, o) =>
      addMember(dataSource, { orgId: o.org, userId: o.user!, role: o.role! }),
  },
  'user resend-init': {
    help: [
      '  user resend-init --user USER_ID | --org ORG_ID [--rate PER_SECOND]',
      '                                               a new initialization email for a user not',
      '                                               yet activated, or for every such user of the',
      '                                               organization, at most --rate a second (10)',
    ].join('\n'),
    required: [],
    optional: ['user', 'org', 'rate'],
    check: (o) => {
      if ((o.user === undefined) === (o.org === undefined))
        throw new UsageError('give either --user or --org', 'user resend-init');
      if (o.rate !== undefined && o.user !== undefined)
        throw new UsageError('--rate goes with --org', 'user resend-init');
      rate(o.rate);
    },
    run: ({ dataSource }, o) =>
      o.user
        ? resendInitializationEmail(dataSource, o.user)
        : resendInitializationEmails(dataSource, o.org!, rate(o.rate)),
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
  export: {
    help: [
      '  export --org ORG_ID --out FILE [--include-secrets]',
      "                                               the organization's users as NDJSON, each an",
      '                                               ImportHumanUser request with its id (the',
      '                                               password hash as stored; the OTP secret only',
      '                                               with --include-secrets)',
    ].join('\n'),
    required: ['org', 'out'],
    optional: ['include-secrets'],
    opens: 'reader',
    run: ({ dataSource, config }, o) =>
      exportUsers(dataSource, config, {
        orgId: o.org!,
        out: o.out!,
        includeSecrets: o['include-secrets'] === 'true',
      }),
  },
  call: {
    help: [
      '  call OPERATION --org ORG_ID [--body JSON | --body-file PATH]',
      '                                               a ManagementService operation (AddProjectRole,',
      '                                               AddUserGrant, SetLabelPolicy, ...) run as an',
      '                                               operator: its request message as JSON (the',
      '                                               REST body with the path fields), checked as',
      '                                               the API checks it; prints its response',
    ].join('\n'),
    required: ['org'],
    optional: ['body', 'body-file'],
    positional: true,
    check: (o) => {
      if (!MANAGEMENT_OPERATIONS.has(o.operation ?? ''))
        throw new UsageError(
          `unknown operation "${o.operation ?? ''}": one of ${[...MANAGEMENT_OPERATIONS.keys()].join(', ')}`,
          'call',
        );
      if (o.body !== undefined && o['body-file'] !== undefined)
        throw new UsageError('--body and --body-file exclude each other', 'call');
    },
    operation: (o) => ({
      method: o.operation!,
      orgId: o.org!,
      request: requestBody(o) as Record<string, unknown>,
    }),
    run: ({ dataSource, config }, o) =>
      callOperation({ dataSource, config }, o.operation!, o.org!, requestBody(o)),
  },
};

function rate(value: string | undefined): number {
  if (value === undefined) return 10;
  const perSecond = Number(value);
  if (!Number.isFinite(perSecond) || perSecond <= 0 || perSecond > 10_000)
    throw new UsageError('--rate must be a number of emails a second, above 0 and at most 10000');
  return perSecond;
}

function ttl(value: string | undefined): number {
  if (value === undefined) return 3600;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new UsageError('--ttl must be a whole number of seconds');
  return seconds;
}

/** The request of `call`: --body, the file --body-file names, or none (`{}`). */
function requestBody(o: Options): unknown {
  const text = o['body-file'] !== undefined ? readFileSync(o['body-file'], 'utf8') : o.body;
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError('the request body is not JSON', 'call');
  }
}
