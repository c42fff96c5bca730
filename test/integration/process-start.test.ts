import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createDataSource, migrate } from '../../shared/db/data-source.js';
import { freePort } from '../support/api-process.js';
import { createTestDatabase } from '../support/database.js';

/** Processes started here that have not ended yet: a failed test leaves none running. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a process of the service with `env` (in `cwd`) and waits for it to end. */
async function run(
  script: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('node', [join(process.cwd(), script)], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  running.add(child);
  const [code] = (await once(child, 'exit')) as [number | null];
  running.delete(child);
  return { code, stdout, stderr };
}

describe('a start with a bad configuration', () => {
  it('stops the API with one line naming each bad variable, and no secret', async () => {
    const { code, stderr } = await run('dist/services/api/main.js', {
      HTTP_PORT: 'eighty',
      RATE_LIMIT_REQUESTS: '-1',
      CORS_ORIGINS: 'not an origin',
      SECRETS_ENCRYPTION_KEY: 'c2hvcnQ=',
    });
    expect(code).to.equal(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).to.equal('invalid configuration:');
    expect(lines.slice(1).map((line) => line.trim().split(' ')[0])).to.deep.equal([
      'HTTP_PORT',
      'CORS_ORIGINS',
      'RATE_LIMIT_REQUESTS',
      'SECRETS_ENCRYPTION_KEY',
    ]);
    expect(stderr).to.not.contain('c2hvcnQ=');
  });

  it('stops the worker when what it needs is not set', async () => {
    const { code, stderr } = await run('dist/services/worker/main.js', {
      DATABASE_URL: 'mysql://root@127.0.0.1:1/none',
    });
    expect(code).to.equal(1);
    expect(stderr).to.contain('SECRETS_ENCRYPTION_KEY is required');
  });

  it('will not run the API on the embedded database with the worker or relay elsewhere', async () => {
    // As the Kubernetes ConfigMap has it: a Secret without DATABASE_URL must not start pods that
    // each keep a database of their own, nor an API whose events nobody publishes.
    const cases: [Record<string, string>, string][] = [
      [{ WORKER_IN_PROCESS: 'false' }, 'WORKER_IN_PROCESS'],
      [{ RELAY_IN_PROCESS: 'false', KAFKA_BROKERS: '127.0.0.1:1' }, 'RELAY_IN_PROCESS'],
    ];
    for (const [env, variable] of cases) {
      const { code, stderr } = await run('dist/services/api/main.js', env);
      expect(code, variable).to.equal(1);
      expect(stderr).to.contain(`DATABASE_URL is required when ${variable} is false`);
    }
  });

  it('keeps the worker and the relay in the API process on the embedded database', async () => {
    for (const script of ['dist/services/worker/main.js', 'dist/services/relay/main.js']) {
      const { code, stderr } = await run(script, { KAFKA_BROKERS: '127.0.0.1:1' });
      expect(code, script).to.equal(1);
      expect(stderr, script).to.contain('DATABASE_URL is required to run this apart from the API');
    }
  });
});

describe('a start on a port that is taken', function () {
  this.timeout(60_000);
  let dir: string;
  let taken: net.Server;
  let port: number;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-ports-'));
    // Another program on the port, on every address, as a second instance would be.
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    port = (taken.address() as net.AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => taken.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The API on the embedded database in `dir`, as `npm start` runs it. */
  async function startApi(ports: { HTTP_PORT: number; GRPC_PORT: number }) {
    const result = await run(
      'dist/services/api/main.js',
      { HTTP_PORT: String(ports.HTTP_PORT), GRPC_PORT: String(ports.GRPC_PORT) },
      dir,
    );
    // Nothing of the start is left: no "listening", no banner, no file naming a service.
    expect(result.stdout).to.not.contain('listening').and.not.contain('running (embedded mode');
    expect(await exists(join(dir, '.data', 'quickstart.env'))).to.equal(false);
    return result;
  }

  it('ends the API with exit 1 and one line naming HTTP_PORT', async () => {
    const { code, stderr } = await startApi({ HTTP_PORT: port, GRPC_PORT: await freePort() });
    expect(code).to.equal(1);
    expect(stderr.trim()).to.equal(`cannot listen on HTTP_PORT ${port}: address already in use`);
  });

  it('ends the API with exit 1 and one line naming GRPC_PORT', async () => {
    const { code, stderr } = await startApi({ HTTP_PORT: await freePort(), GRPC_PORT: port });
    expect(code).to.equal(1);
    expect(stderr.trim()).to.equal(`cannot listen on GRPC_PORT ${port}: address already in use`);
  });

  it('ends the worker with exit 1 and one line naming WORKER_HTTP_PORT', async () => {
    const database = await createTestDatabase();
    try {
      const dataSource = createDataSource({ url: database.url, poolSize: 1 });
      await dataSource.initialize();
      await migrate(dataSource);
      await dataSource.destroy();
      const { code, stdout, stderr } = await run(
        'dist/services/worker/main.js',
        {
          DATABASE_URL: database.url,
          SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
          EMAIL_DIR: join(dir, 'emails'),
          WORKER_HTTP_PORT: String(port),
        },
        dir,
      );
      expect(code).to.equal(1);
      expect(stderr.trim()).to.equal(
        `cannot listen on WORKER_HTTP_PORT ${port}: address already in use`,
      );
      expect(stdout).to.not.contain('identity worker running');
    } finally {
      await database.drop();
    }
  });
});

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
