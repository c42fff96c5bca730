import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import { expect } from 'chai';
import { freePort } from '../support/api-process.js';
import { pollUntil } from '../support/poll.js';
import { activateFromEmail, signInOnProfilePage } from '../support/profile-sign-in.js';

const run = promisify(execFile);
const MAIN = join(process.cwd(), 'dist/services/api/main.js');
const IDENTITYCTL = join(process.cwd(), 'dist/services/api/cli/identityctl.js');

/** The README's quick-start examples: its `sh` blocks that call the API. */
async function readmeExamples(): Promise<string[]> {
  const readme = await readFile('README.md', 'utf8');
  const start = readme.indexOf('## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .filter((block) => block.includes('$API_URL'));
}

interface Started {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<[number | null, string | null]>;
}

describe('npm start on a bare machine: the embedded mode and the README quick start', function () {
  this.timeout(120_000);
  let dir: string;
  let port: number;
  let running: Started | undefined;
  const quickstart = () => join(dir, '.data', 'quickstart.env');

  /**
   * `npm start` as the README runs it, with nothing configured but where to listen: what it runs
   * once it has built (fresh-clone.test.ts runs the README's `npm start` itself).
   */
  async function start(): Promise<Started> {
    const child = spawn('node', [MAIN], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HTTP_PORT: String(port),
        GRPC_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    running = { child, stdout: () => stdout, stderr: () => stderr, exited };
    // As the README waits: until /readyz answers.
    await pollUntil(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        ),
      (ready) => ready || child.exitCode !== null,
      30_000,
    );
    expect(child.exitCode, stderr).to.equal(null);
    expect(await exists(quickstart())).to.equal(true);
    // The banner comes once the worker runs too.
    await pollUntil(
      async () => stdout,
      (out) => out.includes('running (embedded mode'),
      10_000,
    );
    return running;
  }

  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const started = running!;
    running = undefined;
    started.child.kill(signal);
    const [code] = await started.exited;
    return code;
  }

  /** Runs shell lines with the quick start's variables, as a reader would after `. quickstart.env`. */
  async function shell(lines: string): Promise<string> {
    const script = [
      'set -euo pipefail',
      `. ${quickstart()}`,
      // A refusal fails the example instead of printing an error body.
      'curl() { command curl --fail-with-body --max-time 10 "$@"; }',
      lines,
    ].join('\n');
    const { stdout } = await run('bash', ['-c', script], { cwd: dir });
    return stdout;
  }

  async function variables(): Promise<Record<string, string>> {
    const text = await readFile(quickstart(), 'utf8');
    return Object.fromEntries(
      [...text.matchAll(/^export ([A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
    );
  }

  const emails = async () =>
    (await readdir(join(dir, '.data', 'emails')).catch(() => [])).filter((name) =>
      name.endsWith('.eml'),
    );

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-quickstart-'));
    port = await freePort();
  });
  after(async () => {
    running?.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('sets itself up on the first start and prints the URLs, ids and an admin token', async () => {
    const { stdout } = await start();
    const vars = await variables();
    expect(vars).to.have.keys('API_URL', 'ORG_ID', 'USER_ID', 'PROJECT_ID', 'TOKEN');
    // PUBLIC_URL is not set: the URL, and the token's issuer, follow HTTP_PORT.
    expect(vars.API_URL).to.equal(`http://localhost:${port}`);
    const claims = JSON.parse(Buffer.from(vars.TOKEN!.split('.')[1]!, 'base64url').toString()) as {
      iss: string;
    };
    expect(claims.iss).to.equal(`http://localhost:${port}`);
    expect(stdout()).to.contain('set up and running (embedded mode');
    for (const value of [vars.API_URL, vars.ORG_ID, vars.PROJECT_ID, vars.TOKEN]) {
      expect(stdout()).to.contain(value);
    }
    const files = await readdir(join(dir, '.data'));
    expect(files).to.include.members([
      'identity.sqlite',
      'secrets-encryption.key',
      'signing-key.json',
      'quickstart.env',
    ]);
  });

  it("answers each of the README's examples, and the import leaves one .eml file", async () => {
    // The banner is printed once the worker runs too.
    await pollUntil(
      async () => running!.stdout(),
      (out) => out.includes('admin user id'),
      10_000,
    );
    const examples = await readmeExamples();
    expect(examples).to.have.length(4);
    // The administrator's initialization email, from the first start.
    await pollUntil(emails, (names) => names.length === 1, 20_000);
    const before = await emails();
    expect(before).to.have.length(1);

    for (const example of examples) {
      const body = JSON.parse(await shell(example)) as {
        details: { sequence: string };
        passwordlessRegistration?: { link: string };
      };
      expect(body.details.sequence, example).to.match(/^\d+$/);
      // The import asks for one: its link is on this process's port.
      if (example.includes('requestPasswordlessRegistration')) {
        expect(body.passwordlessRegistration?.link).to.match(
          new RegExp(`^http://localhost:${port}/ui/login/passwordless/init\\?`),
        );
      }
    }

    const after = await pollUntil(emails, (names) => names.length > 1, 20_000);
    expect(after).to.have.length(2);
    const added = after.find((name) => !before.includes(name))!;
    const email = await readFile(join(dir, '.data', 'emails', added), 'utf8');
    expect(email).to.match(/^To: .*jane@example\.com/m);

    // The worker in the process keeps the read model: the profile change is there to read.
    const profile = await pollUntil(
      () =>
        shell('curl -s "$API_URL/auth/v1/users/me/profile" -H "Authorization: Bearer $TOKEN"')
          .then((body) => JSON.parse(body) as { profile: { displayName: string } })
          .catch(() => undefined),
      (read) => read?.profile.displayName === 'Ada',
      20_000,
    );
    expect(profile?.profile).to.include({ firstName: 'Ada', lastName: 'Admin' });
  });

  it("lets the administrator activate from the first start's email and sign in on the profile page", async () => {
    const sent = await Promise.all(
      (await emails()).map((name) => readFile(join(dir, '.data', 'emails', name), 'utf8')),
    );
    const raw = sent.find((email) => /^To: .*admin@localhost/m.test(email));
    expect(raw, "the administrator's email").to.be.a('string');
    const publicUrl = `http://localhost:${port}`;
    await activateFromEmail(publicUrl, raw!, 'Admin-passw0rd!');
    const token = await signInOnProfilePage(publicUrl, 'admin', 'Admin-passw0rd!');
    const me = await fetch(`${publicUrl}/auth/v1/users/me/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).to.equal(200);
    const { profile } = (await me.json()) as { profile: { firstName: string; lastName: string } };
    expect(profile, 'the administrator, as the README examples left them').to.include({
      firstName: 'Ada',
      lastName: 'Admin',
    });
  });

  it('leaves the file and its log alone while nothing changes', async () => {
    const files = ['identity.sqlite', 'identity.sqlite-wal'].map((f) => join(dir, '.data', f));
    const stats = () =>
      Promise.all(
        files.map(async (file) => {
          const { ino, mtimeMs, size } = await stat(file);
          return { file, ino, mtimeMs, size };
        }),
      );
    // The worker's rounds (every second) find nothing new; nothing is written.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = await stats();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await stats()).to.deep.equal(before);
  });

  it('keeps the database to itself while it runs', async () => {
    // A command with no operation to call over the API opens the database.
    const { ORG_ID } = await variables();
    const refused = await run(
      'node',
      [IDENTITYCTL, 'idp', 'create', '--org', ORG_ID!, '--name', 'Second'],
      { cwd: dir, env: { PATH: process.env.PATH } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).to.include({ code: 1 });
    expect((refused as { stderr: string }).stderr).to.contain(
      `is open in process ${running!.child.pid}`,
    );
  });

  it('makes a project with `identityctl project create` while it runs, over its API', async () => {
    const { ORG_ID, TOKEN, API_URL } = await variables();
    const made = await run(
      'node',
      [IDENTITYCTL, 'project', 'create', '--org', ORG_ID!, '--name', 'Made while running'],
      { cwd: dir, env: { PATH: process.env.PATH } },
    );
    const { projectId } = JSON.parse(made.stdout) as { projectId: string };
    const read = await pollUntil(
      () =>
        fetch(`${API_URL}/management/v1/projects/${projectId}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        }),
      (response) => response.status === 200,
      10_000,
    );
    expect(((await read.json()) as { project: { name: string } }).project.name).to.equal(
      'Made while running',
    );
    // Any operation by `identityctl call`, over the API too.
    const body = JSON.stringify({ projectId, roleKey: 'keeper', displayName: 'Keeper' });
    const role = await run(
      'node',
      [IDENTITYCTL, 'call', 'AddProjectRole', '--org', ORG_ID!, '--body', body],
      { cwd: dir, env: { PATH: process.env.PATH } },
    );
    expect(JSON.parse(role.stdout)).to.have.nested.property('details.sequence');
    // The same name again: the API's refusal, said by identityctl.
    const refused = await run(
      'node',
      [IDENTITYCTL, 'project', 'create', '--org', ORG_ID!, '--name', 'MADE WHILE RUNNING'],
      { cwd: dir, env: { PATH: process.env.PATH } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).to.include({ code: 1 });
    expect((refused as { stderr: string }).stderr).to.contain('PROJECT-NAME-ALREADY-EXISTS');
  });

  it('makes an organization with `identityctl org create` while it runs, over its API', async () => {
    const { TOKEN, API_URL } = await variables();
    const create = (name: string) =>
      run('node', [IDENTITYCTL, 'org', 'create', '--name', name], {
        cwd: dir,
        env: { PATH: process.env.PATH },
      });
    const { orgId } = JSON.parse((await create('Made while running')).stdout) as { orgId: string };
    const read = await fetch(`${API_URL}/management/v1/orgs/me`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'x-service-orgid': orgId },
    });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as { org: { name: string } }).org.name).to.equal(
      'Made while running',
    );
    const refused = await create(' made WHILE running ').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).to.include({ code: 1 });
    expect((refused as { stderr: string }).stderr).to.contain('ORG-NAME-ALREADY-EXISTS');
  });

  it('stops on SIGTERM with exit 0, and a restart finds everything again', async () => {
    const first = await variables();
    expect(await stop()).to.equal(0);
    expect(await exists(quickstart())).to.equal(false);
    expect(await exists(join(dir, '.data', 'identity.sqlite.lock'))).to.equal(false);

    const { stdout } = await start();
    const again = await variables();
    expect(again).to.include({ ORG_ID: first.ORG_ID, PROJECT_ID: first.PROJECT_ID });
    // Printed once, on the first start; the file has a fresh one.
    expect(stdout()).to.contain('running (embedded mode').and.not.contain('set up');
    expect(stdout()).to.not.contain(again.TOKEN);
    expect(stdout()).to.not.contain(first.TOKEN);

    const profile = JSON.parse(
      await shell('curl -s "$API_URL/auth/v1/users/me/profile" -H "Authorization: Bearer $TOKEN"'),
    ) as { profile: { displayName: string } };
    expect(profile.profile.displayName).to.equal('Ada');
    const [importJane] = await readmeExamples();
    const status = await shell(
      importJane!.replace('curl -s', 'command curl -s -o /dev/null -w "%{http_code}"'),
    );
    expect(status).to.equal('409');
  });

  it('keeps every answered write when the process is killed outright', async () => {
    const imported = JSON.parse(
      await shell(`curl -s -X POST "$API_URL/management/v1/users/human/_import" \\
        -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
        -d '{"userName": "kim", "profile": {"firstName": "Kim", "lastName": "Lee"}, "email": {"email": "kim@example.com", "isEmailVerified": true}}'`),
    ) as { userId: string };
    // Answered means in the file or its log: read them as they are, behind the service's back.
    const file = new Sqlite(join(dir, '.data', 'identity.sqlite'), { readonly: true });
    const stored = file.prepare('SELECT user_name FROM users WHERE id = ?').all(imported.userId);
    file.close();
    expect(stored).to.deep.equal([{ user_name: 'kim' }]);
    expect(await stop('SIGKILL')).to.equal(null);

    await start();
    const again =
      await shell(`command curl -s -o /dev/null -w "%{http_code}" -X POST "$API_URL/management/v1/users/human/_import" \\
      -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
      -d '{"userName": "kim", "profile": {"firstName": "K", "lastName": "L"}, "email": {"email": "k@example.com"}}'`);
    expect(again).to.equal('409');
    const ctl = await run('node', [IDENTITYCTL, 'token', 'issue', '--user', imported.userId], {
      cwd: dir,
      env: { PATH: process.env.PATH },
    });
    expect(JSON.parse(ctl.stdout)).to.have.property('token');
    expect(await stop()).to.equal(0);
  });
});

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
