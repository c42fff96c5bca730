import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from 'chai';

/** Starts a process of the service with `env` and waits for it to end. */
async function run(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('node', [join(process.cwd(), script)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
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
