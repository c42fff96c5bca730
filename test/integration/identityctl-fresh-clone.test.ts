import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createTestDatabase } from '../support/database.js';
import { identityctl } from '../support/identityctl.js';

describe('identityctl on a fresh clone, before the first start', function () {
  this.timeout(60_000);
  let dir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identityctl-fresh-'));
    env = { DATA_DIR: join(dir, 'data'), PUBLIC_URL: 'http://id.test' };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('brings the schema up before a command that writes, and the start finds it', async () => {
    const client = await identityctl(
      env,
      ...['client', 'create', '--name', 'Shop', '--redirect-uri', 'https://shop.example/cb'],
    );
    expect(client.code, client.stderr).to.equal(0);
    expect(client.json.clientId).to.match(/^[0-9a-f]{32}$/);
    const org = await identityctl(env, 'org', 'create', '--name', 'Acme');
    expect(org.code, org.stderr).to.equal(0);
    // What the first start does, over the schema the commands brought up.
    const setup = await identityctl(env, 'setup');
    expect(setup.code, setup.stderr).to.equal(0);
    expect(setup.json.created).to.equal(true);
    expect((await identityctl(env, 'migrate')).json).to.deep.equal({ applied: [] });
  });

  it('says plainly what to run where a command only reads, and leaves no key behind', async () => {
    const token = await identityctl(env, 'token', 'issue', '--user', 'x');
    expect(token.code).to.equal(1);
    expect(token.stderr).to.match(
      /^identityctl: no embedded database at .* yet: start the service/,
    );
    expect(await readdir(dir)).to.deep.equal([]);

    const database = await createTestDatabase();
    await database.drop();
    const distributed = await identityctl(
      { DATABASE_URL: database.url, JWT_SIGNING_KEY_FILE: join(dir, 'signing.json') },
      ...['token', 'issue', '--user', 'x'],
    );
    expect(distributed.stderr).to.equal(
      'identityctl: the database has no schema yet: run `identityctl setup` (or start the service) first\n',
    );
  });
});
