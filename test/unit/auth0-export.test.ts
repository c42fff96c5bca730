import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth0Source } from '../../services/api/cli/migrate/auth0-source.js';
import type { SourceRecord } from '../../services/api/cli/migrate/sources.js';

/** A bcrypt string that says which user it belongs to (its salt), for the join to be seen. */
const hashOf = (n: number) => `$2b$10$${String(n).padStart(22, 'a')}${'b'.repeat(31)}`;

describe('an Auth0 export, read', () => {
  let dir: string;
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'auth0-export-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  it('joins users to a hash export of any length by user id, alt_id before _id', async () => {
    const hashes = join(dir, 'hashes.ndjson');
    const lines = Array.from({ length: 25_000 }, (_, i) =>
      JSON.stringify({ _id: { $oid: `oid${i + 1}` }, passwordHash: hashOf(i + 1) }),
    );
    lines.push(
      JSON.stringify({ _id: { $oid: 'ignored' }, alt_id: 'euclid', passwordHash: hashOf(0) }),
    );
    await writeFile(hashes, `${lines.join('\n')}\nnot json\n`);
    const users = join(dir, 'users.json');
    const ids = ['auth0|oid1', 'auth0|oid12345', 'auth0|oid25000', 'auth0|euclid', 'auth0|nohash'];
    await writeFile(
      users,
      ids
        .map((id) => JSON.stringify({ user_id: id, email: `${id.slice(6)}@x.example` }))
        .join('\n'),
    );
    const records: SourceRecord[] = [];
    for await (const record of auth0Source(users, hashes, new Map())) records.push(record);
    expect(
      records.map(
        (r) => (r.request as { hashedPassword?: { value: string } }).hashedPassword?.value,
      ),
    ).to.deep.equal([hashOf(1), hashOf(12345), hashOf(25000), hashOf(0), undefined]);
  });
});
