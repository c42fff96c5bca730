import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  access,
  appendFile,
  cp,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { freePort } from '../support/api-process.js';
import { pollUntil } from '../support/poll.js';

/** What a clone holds that the build and the service read. */
const CLONED = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'README.md',
  'scripts',
  'services',
  'shared',
  'test',
  'bench',
  'proto',
  'schemas',
];

const PAGE_BUNDLE = 'dist/services/api/ui/web/profile.js';
/** The pages' bundles, made together by one esbuild run. */
const BUNDLES = [
  PAGE_BUNDLE,
  'dist/services/api/ui/web/api-docs.js',
  'dist/services/api/ui/web/passkey-register.js',
  'dist/services/api/ui/web/passkey-sign-in.js',
];

/** The README's quick start: the lines of its first `sh` block, without their comments. */
async function quickStart(): Promise<string[]> {
  const readme = await readFile('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

describe('npm ci then npm start on a fresh clone', function () {
  // The first start compiles the whole project.
  this.timeout(600_000);
  let dir: string;
  let env: Record<string, string>;
  let started: ChildProcess | undefined;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-clone-'));
    for (const path of CLONED) await cp(path, join(dir, path), { recursive: true });
    // Stands in for `npm ci`: the packages of the same lockfile, without downloading them again.
    await symlink(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'));
    // Nothing of this run's configuration (KAFKA_BROKERS) or of the npm that runs the tests.
    env = {
      PATH: process.env.PATH!,
      HOME: process.env.HOME ?? dir,
      HTTP_PORT: String(await freePort()),
      GRPC_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
  });
  afterEach(async () => {
    if (started) await stop(started);
    started = undefined;
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** In a process group of its own, so that stopping it reaches npm's children as Ctrl-C does. */
  function inGroup(command: string, args: string[]): ChildProcess {
    started = spawn(command, args, { cwd: dir, env, detached: true, stdio: 'pipe' });
    // Read on, or a full pipe would stop the service's writes.
    started.stdout!.resume();
    started.stderr!.resume();
    return started;
  }

  async function stop(group: ChildProcess): Promise<void> {
    try {
      process.kill(-group.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    // The service has stopped once its database lock is gone.
    await pollUntil(
      () => exists(join(dir, '.data', 'identity.sqlite.lock')),
      (locked) => !locked,
      30_000,
    );
    if (group.exitCode === null && group.signalCode === null) await once(group, 'exit');
  }

  const ready = (): Promise<boolean> =>
    fetch(`http://127.0.0.1:${env.HTTP_PORT}/readyz`).then(
      (response) => response.ok,
      () => false,
    );

  it('runs the README quick start as written: npm ci, npm start (which builds), wait, source quickstart.env', async () => {
    const lines = await quickStart();
    expect(lines.slice(0, 2)).to.deep.equal(['npm ci', 'npm start &']);
    expect(lines.join('\n')).to.not.contain('npm run build');
    expect(await exists(join(dir, 'dist'))).to.equal(false);

    // As written, but for `npm ci` (done above) and the ports, which are free ones here.
    const script = [
      'set -euo pipefail',
      ...lines
        .slice(1)
        .map((line) => line.replaceAll('localhost:8080', `localhost:${env.HTTP_PORT}`)),
      'echo "sourced API_URL=$API_URL"',
    ].join('\n');
    const shell = inGroup('bash', ['-c', script]);
    let stdout = '';
    shell.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(shell, 'exit')) as [number | null];
    expect(code).to.equal(0);
    expect(stdout.split('\n')).to.include(`sourced API_URL=http://localhost:${env.HTTP_PORT}`);
    expect(await ready()).to.equal(true);
    const page = await fetch(`http://127.0.0.1:${env.HTTP_PORT}/ui/profile/profile.js`);
    expect(page.status).to.equal(200);
  });

  it('builds nothing on a start when nothing changed', async () => {
    const before = await builtFiles(dir);
    inGroup('npm', ['start']);
    await pollUntil(ready, Boolean, 60_000);
    expect(await ready()).to.equal(true);
    expect(await builtFiles(dir)).to.deep.equal(before);
  });

  it('builds a changed source before `npx identityctl`, whose stdout stays its own', async () => {
    const before = await builtFiles(dir);
    await appendFile(join(dir, 'shared/config/config.ts'), '// changed here\n');
    const { stdout } = await promisify(execFile)('npx', ['identityctl', '--help'], {
      cwd: dir,
      env,
    });
    expect(stdout).to.match(/^usage: identityctl <command>/);
    const built = await readFile(join(dir, 'dist/shared/config/config.js'), 'utf8');
    expect(built).to.contain('// changed here');
    // The profile page's bundle does not take it in: it is left as it was.
    const after = await builtFiles(dir);
    expect(after[PAGE_BUNDLE]).to.equal(before[PAGE_BUNDLE]);
  });

  it('bundles the profile page again before `npm run worker` when its source changed', async () => {
    const before = await builtFiles(dir);
    await appendFile(join(dir, 'services/api/ui/web/profile-page.ts'), '// changed here\n');
    // The embedded mode has no worker of its own: it builds, then refuses.
    const refused = await promisify(execFile)('npm', ['run', 'worker'], { cwd: dir, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).to.include({ code: 1 });
    expect((refused as { stderr: string }).stderr).to.contain('DATABASE_URL is required');
    const after = await builtFiles(dir);
    expect(after[PAGE_BUNDLE]).to.be.above(before[PAGE_BUNDLE]!);
    // No TypeScript of the service changed: tsc wrote nothing.
    const compiled = Object.keys(before).filter(
      (file) => file.endsWith('.js') && !BUNDLES.includes(file),
    );
    expect(compiled.filter((file) => after[file] !== before[file])).to.deep.equal([]);
  });
});

/** Each file under dist/ with when it was last written. */
async function builtFiles(dir: string): Promise<Record<string, number>> {
  const files = await readdir(join(dir, 'dist'), { recursive: true, withFileTypes: true });
  const times: Record<string, number> = {};
  for (const file of files.filter((entry) => entry.isFile())) {
    const path = join(file.parentPath, file.name);
    times[relative(dir, path)] = (await stat(path)).mtimeMs;
  }
  return times;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
