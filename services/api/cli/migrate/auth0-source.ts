import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { jsonLines, openExport } from './export-files.js';
import type { Source, SourceRecord } from './sources.js';

/** One user of Auth0's user export job (`POST /api/v2/jobs/users-exports`), JSON or CSV. */
interface Auth0User {
  user_id?: string;
  email?: string;
  email_verified?: boolean | string;
  username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  nickname?: string;
  locale?: string;
  phone_number?: string;
  phone_verified?: boolean | string;
  blocked?: boolean | string;
  identities?: { provider?: string; connection?: string; user_id?: string }[];
}

/** One line of the password hash export that Auth0's support hands out. */
interface Auth0Hash {
  _id?: { $oid?: string };
  alt_id?: string;
  passwordHash?: string;
}

const isTrue = (value: boolean | string | undefined) => value === true || value === 'true';

/**
 * The password hash export, indexed by user id in a temporary SQLite file (better-sqlite3), so
 * that joining it to the users costs constant memory however many there are. A user's id is
 * `auth0|` and its `alt_id`, or its `_id.$oid` where it has none.
 */
class HashIndex {
  private readonly dir = mkdtempSync(join(tmpdir(), 'identityctl-auth0-'));
  private readonly db = new Database(join(this.dir, 'hashes.sqlite'));
  private readonly lookup;

  private constructor() {
    this.db.pragma('journal_mode = OFF');
    this.db.exec('CREATE TABLE hashes (id TEXT PRIMARY KEY, hash TEXT NOT NULL) WITHOUT ROWID');
    this.lookup = this.db.prepare<[string], { hash: string }>(
      'SELECT hash FROM hashes WHERE id = ?',
    );
  }

  static async of(file: string): Promise<HashIndex> {
    const index = new HashIndex();
    const insert = index.db.prepare('INSERT OR REPLACE INTO hashes VALUES (?, ?)');
    const many = index.db.transaction((rows: [string, string][]) => {
      for (const row of rows) insert.run(row);
    });
    const rows: [string, string][] = [];
    for await (const line of jsonLines<Auth0Hash>(file, false)) {
      if (!('value' in line)) continue;
      const id = line.value.alt_id ?? line.value._id?.$oid;
      if (id && line.value.passwordHash) rows.push([`auth0|${id}`, line.value.passwordHash]);
      if (rows.length >= 10_000) many(rows.splice(0));
    }
    many(rows);
    return index;
  }

  hashOf(userId: string): string | undefined {
    return this.lookup.get(userId)?.hash;
  }

  close(): void {
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Auth0 has a full name beside the given and family ones; a user may have only some. */
function names(user: Auth0User): { firstName: string; lastName: string } {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  const fallback = user.nickname ?? user.username ?? (user.email ?? '').split('@')[0] ?? '';
  const firstName = user.given_name || words[0] || fallback;
  return { firstName, lastName: user.family_name || words.slice(1).join(' ') || firstName };
}

function record(
  user: Auth0User,
  base: SourceRecord,
  hashes: HashIndex | undefined,
  idps: Map<string, string>,
): SourceRecord {
  const hash = user.user_id && hashes?.hashOf(user.user_id);
  const identities = Array.isArray(user.identities) ? user.identities : [];
  const links = identities.flatMap((identity) => {
    const configId = idps.get(identity.connection ?? '') ?? idps.get(identity.provider ?? '');
    return configId && identity.user_id
      ? [{ configId, externalUserId: String(identity.user_id) }]
      : [];
  });
  const { firstName, lastName } = names(user);
  return {
    ...base,
    ...(isTrue(user.blocked) && { deactivated: 'blocked in Auth0' }),
    request: {
      userName: user.username || user.email,
      externalId: user.user_id,
      profile: {
        firstName,
        lastName,
        ...(user.nickname && { nickName: user.nickname }),
        ...(user.name && { displayName: user.name }),
        ...(user.locale && { preferredLanguage: user.locale }),
      },
      email: { email: user.email, isEmailVerified: isTrue(user.email_verified) },
      ...(user.phone_number && {
        phone: { phone: user.phone_number, isPhoneVerified: isTrue(user.phone_verified) },
      }),
      ...(hash && { hashedPassword: { value: hash } }),
      ...(links.length > 0 && { idps: links }),
    },
  };
}

const IDENTITY_COLUMN = /^identities\[(\d+)\]\.(provider|connection|user_id)$/;

/**
 * A row of the CSV export as the JSON one has it. Auth0 puts a single quote before each string
 * (against CSV injection), and an identity's fields can only come as `identities[N].field`.
 */
function csvUser(row: Record<string, string>): Auth0User {
  const user: Record<string, unknown> = {};
  const identities: Record<string, string>[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const value = raw.startsWith("'") ? raw.slice(1) : raw;
    const identity = IDENTITY_COLUMN.exec(column);
    if (identity) (identities[Number(identity[1])] ??= {})[identity[2]!] = value;
    else if (value !== '') user[column] = value;
  }
  return { ...user, identities: identities.filter(Boolean) };
}

/** The users of the export, JSON lines or CSV (by the file's name; gzipped as Auth0 gives it). */
async function* auth0Users(
  file: string,
): AsyncIterable<{ position: number } & ({ value: Auth0User } | { error: string })> {
  if (!/\.csv(\.gz)?$/.test(file)) {
    yield* jsonLines<Auth0User>(file);
    return;
  }
  let position = 0;
  const rows = openExport(file).pipe(parse({ columns: true, bom: true, skip_empty_lines: true }));
  try {
    for await (const row of rows as AsyncIterable<Record<string, string>>)
      yield { position: ++position, value: csvUser(row) };
  } catch (error) {
    yield { position: position + 1, error: (error as Error).message };
  }
}

/**
 * Auth0's user export joined to its password hash export (`hashesFile`, optional) by user id:
 * the user_id becomes the externalId, the username (or else the email) the user name, each
 * identity whose connection or provider `idps` maps an idp link. Blocked users are reported.
 */
export async function* auth0Source(
  file: string,
  hashesFile: string | undefined,
  idps: Map<string, string>,
): Source {
  const hashes = hashesFile ? await HashIndex.of(hashesFile) : undefined;
  try {
    for await (const line of auth0Users(file)) {
      const { position } = line;
      if ('error' in line) {
        yield { file, position, error: line.error };
        continue;
      }
      const user = line.value;
      const base = { file, position, userName: user.username || user.email };
      yield record(user, { ...base, externalId: user.user_id }, hashes, idps);
    }
  } finally {
    hashes?.close();
  }
}
