import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);

/** Opens the embedded database at `file` in a process of its own, holds it 1 s, says if it could. */
const OPEN = `
import { createEmbeddedDataSource } from '${join(process.cwd(), 'dist/shared/db/embedded-database.js')}';
const dataSource = createEmbeddedDataSource(process.argv[1]);
try {
  await dataSource.initialize();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await dataSource.destroy();
  console.log('opened');
} catch (error) {
  console.log(/is open in process/.test(error.message) ? 'refused' : error.message);
}
`;

describe('the embedded database lock', function () {
  this.timeout(30_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-lock-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('lets exactly one of several processes take over a lock left by a dead one', async () => {
    const file = join(dir, 'identity.sqlite');
    for (let round = 0; round < 3; round++) {
      // A pid no process has (above the kernel's pid_max).
      await writeFile(`${file}.lock`, '4194305');
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const { stdout } = await run('node', ['--input-type=module', '-e', OPEN, file]);
          return stdout.trim();
        }),
      );
      expect(
        outcomes.filter((outcome) => outcome === 'opened'),
        outcomes.join(),
      ).to.have.length(1);
      expect(outcomes.filter((outcome) => outcome === 'refused')).to.have.length(3);
    }
  });
});
