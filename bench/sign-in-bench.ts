/**
 * The sign-in part of `npm run bench`: password sign-ins through the OpenID provider at each
 * caller count, each beside an import with a hashed password over JSON at the same count (the
 * import the figures compare against), with every process's CPU per operation over each.
 */
import { fileURLToPath } from 'node:url';
import { createHumanUser } from '../services/api/admin/users.js';
import { hashPassword } from '../services/api/credentials/password-hash.js';
import { DEFAULT_ARGON2ID_COST } from '../services/api/credentials/hash-formats/argon2.js';
import { createClient } from '../services/api/oidc/clients.js';
import { callOperation } from '../services/api/admin/operation-calls.js';
import { createProject } from '../services/api/admin/projects.js';
import { User } from '../shared/db/entities/index.js';
import { In } from 'typeorm';
import { apiResource } from '../services/api/oidc/oidc-paths.js';
import { REDIRECT_URI } from '../test/support/relying-party.js';
import type { TestService } from '../test/support/test-service.js';
import type { Fixtures } from './load.js';
import { LOAD_SCRIPT, measured, type Figures } from './measure.js';
import type { Watch } from './process-cpu.js';
import type { SignInFixtures, SignInLoadSpec } from './sign-in-load.js';

const SIGN_IN_SCRIPT = fileURLToPath(new URL('./sign-in-load.js', import.meta.url));
const PASSWORD = 'Bench-sign-in-2026!';

export interface SignInRow {
  concurrency: number;
  signIns: Figures;
  /**
   * The same sign-ins to an application of a project with every check on (hasProjectCheck,
   * projectRoleCheck, projectRoleAssertion), each user granted a role, its organization's label
   * policy shown; and to an application of a project with none on (the same client settings).
   */
  checksOn: Figures;
  checksOff: Figures;
  /** Import with a hashed password over JSON, at the same callers, measured just before. */
  hashedImports: Figures;
  /** All processes' CPU per sign-in over all processes' CPU per import. */
  cpuRatio: number;
}

export interface SignInResults {
  measures: string;
  hashing: string;
  rows: SignInRow[];
}

/**
 * A confidential client and one user per loop, each with the same password hashed once by the
 * service's own argon2id at today's cost, so that no sign-in upgrades its hash while measured;
 * and an application of a project whose every check is on, each user granted a role of it, with
 * the organization's label policy shown on its pages (made through the operations themselves).
 */
export async function signInFixtures(
  service: TestService,
  orgId: string,
  users: number,
  runId: string,
): Promise<SignInFixtures> {
  const { clientId, clientSecret } = await createClient(service.dataSource, service.config, {
    name: 'Bench',
    redirectUris: [REDIRECT_URI],
    confidential: true,
  });
  const hash = await hashPassword(PASSWORD);
  const userNames: string[] = [];
  for (let i = 0; i < users; i++) {
    const userName = `${runId}-signer-${i}`;
    await createHumanUser(service.dataSource, service.config, orgId, {
      userName,
      profile: { firstName: 'Bench', lastName: `Signer ${i}` },
      email: { email: `${userName}@example.com`, isEmailVerified: true },
      hashedPassword: { value: hash },
    });
    userNames.push(userName);
  }
  return {
    publicUrl: service.config.publicUrl,
    clientId,
    clientSecret: clientSecret!,
    checksOn: await application(service, orgId, userNames, `${runId}-on`, true),
    checksOff: await application(service, orgId, userNames, `${runId}-off`, false),
    resource: apiResource(service.config),
    userNames,
    password: PASSWORD,
  };
}

/**
 * The application of a project with every check on (or none), its users granted a role of it, and
 * the organization's label policy set: its client.
 */
async function application(
  service: TestService,
  orgId: string,
  userNames: string[],
  runId: string,
  checks: boolean,
): Promise<{ clientId: string; clientSecret: string }> {
  const call = (operation: string, request: object) =>
    callOperation(service, operation, orgId, request) as Promise<Record<string, string>>;
  const { projectId } = await createProject(service.dataSource, orgId, `Bench ${runId}`);
  await call('UpdateProject', {
    id: projectId,
    name: `Bench ${runId}`,
    hasProjectCheck: checks,
    projectRoleCheck: checks,
    projectRoleAssertion: checks,
    privateLabelingSetting: `PRIVATE_LABELING_SETTING_${checks ? 'ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY' : 'UNSPECIFIED'}`,
  });
  await call('AddProjectRole', { projectId, roleKey: 'signer', displayName: 'Signer' });
  const users = await service.dataSource.getRepository(User).findBy({ userName: In(userNames) });
  for (const { id } of users)
    await call('AddUserGrant', { userId: id, projectId, roleKeys: ['signer'] });
  await call('SetLabelPolicy', { primaryColor: '#5469d4', backgroundColor: '#fafaff' });
  const app = await call('AddOIDCApplication', {
    projectId,
    name: 'Bench app',
    redirectUris: [REDIRECT_URI],
  });
  return { clientId: app.clientId!, clientSecret: app.clientSecret! };
}

/** At each caller count: the hashed imports, then the sign-ins, each with every process's CPU. */
export async function signInPart(options: {
  service: TestService;
  fixtures: Fixtures;
  signIn: SignInFixtures;
  concurrencies: number[];
  seconds: number;
  runId: string;
  watch: Watch;
}): Promise<SignInResults> {
  const { fixtures, signIn, seconds, runId, watch } = options;
  const rows: SignInRow[] = [];
  for (const concurrency of options.concurrencies) {
    const hashedImports = await measured(
      LOAD_SCRIPT,
      {
        operation: 'ImportHashedPassword',
        transport: 'JSON',
        concurrency,
        seconds,
        runId: `${runId}si${concurrency}`,
        fixtures,
      },
      watch,
    );
    const spec: SignInLoadSpec = { concurrency, seconds, runId, fixtures: signIn };
    const signIns = await measured(SIGN_IN_SCRIPT, spec, watch);
    // The two applications in turns, so that the machine's drift falls on both alike.
    const variants = { checksOn: signIn.checksOn, checksOff: signIn.checksOff };
    const order =
      rows.length % 2 ? (['checksOff', 'checksOn'] as const) : (['checksOn', 'checksOff'] as const);
    const measuredApps = {} as Record<keyof typeof variants, Figures>;
    for (const variant of order)
      measuredApps[variant] = await measured(
        SIGN_IN_SCRIPT,
        { ...spec, fixtures: { ...signIn, ...variants[variant] } },
        watch,
      );
    const { checksOn, checksOff } = measuredApps;
    const total = (figures: Figures) => figures.cpuMsPerOperation?.total ?? NaN;
    const cpuRatio = Math.round((total(signIns) / total(hashedImports)) * 10) / 10;
    rows.push({ concurrency, signIns, checksOn, checksOff, hashedImports, cpuRatio });
    console.error(
      `sign-in c=${concurrency}: ${signIns.requestsPerSecond}/s p99 ${signIns.p99} errors ${signIns.errors}, CPU ${total(signIns)} ms (${cpuRatio}x the hashed import's ${total(hashedImports)} ms); an application with its project's checks off ${checksOff.requestsPerSecond}/s p99 ${checksOff.p99}, CPU ${total(checksOff)} ms, on ${checksOn.requestsPerSecond}/s p99 ${checksOn.p99}, CPU ${total(checksOn)} ms (errors ${checksOff.errors + checksOn.errors})`,
    );
  }
  const { memoryCost, timeCost, parallelism } = DEFAULT_ARGON2ID_COST;
  return {
    measures:
      'authorization request (PKCE) → user name page → password page → redirect with the code → token exchange',
    hashing: `argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, ${options.service.config.passwordHashConcurrency} hashing slot(s) in the API`,
    rows,
  };
}

/** The sign-in table, in the words, beside the import it is compared with. */
export function printSignInTable(results: SignInResults): void {
  const names = [
    ...new Set(results.rows.flatMap((row) => Object.keys(row.signIns.cpuMsPerOperation ?? {}))),
  ];
  console.log(
    `\nPassword sign-ins per second and p99 (bounded by hashing: ${results.hashing}), with the CPU per sign-in of each process and the ratio of sign-in CPU to import CPU.\nA sign-in: ${results.measures}.`,
  );
  console.log(
    [
      'operation              callers  per second  p50 ms  p99 ms  errors',
      ...names.map((name) => name.padStart(Math.max(9, name.length))),
      'CPU ratio',
    ].join('  '),
  );
  const line = (what: string, row: SignInRow, figures: Figures, ratio: string) =>
    console.log(
      [
        what.padEnd(22),
        String(row.concurrency).padStart(7),
        String(figures.requestsPerSecond).padStart(10),
        String(figures.p50).padStart(6),
        String(figures.p99).padStart(6),
        String(figures.errors).padStart(6),
        ...names.map((name) =>
          String(figures.cpuMsPerOperation?.[name] ?? '—').padStart(Math.max(9, name.length)),
        ),
        ratio.padStart(9),
      ].join('  '),
    );
  for (const row of results.rows) {
    line('password sign-in', row, row.signIns, `${row.cpuRatio}x`);
    line('  app, checks off', row, row.checksOff, '');
    line('  app, checks on', row, row.checksOn, '');
    line('import hashedPassword', row, row.hashedImports, '1x');
  }
  console.log('(CPU columns: ms of CPU per operation over the measured seconds.)');
}
