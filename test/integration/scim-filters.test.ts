import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { listRequestOf } from '../../services/api/scim/scim-users.js';
import { uniqueNameKey } from '../../shared/unique-name-key.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import type { TestService } from '../support/test-service.js';

const USERS = 10_000;

/** A person of the read model as the test made them. */
interface Person {
  id: string;
  userName: string;
  first: string;
  last: string;
  display: string;
  nick: string | null;
  email: string;
  phone: string | null;
  externalId: string | null;
  state: 'active' | 'inactive' | 'locked';
  created: number;
  changed: number;
}

const FIRSTS = ['Ada', 'ada', 'Bob', 'Émile', 'Zoë', 'carla', 'Dave', 'Ölaf', 'Mia Rose', 'x'];
const LASTS = ['Lovelace', 'Hopper', 'müller', 'Noether', 'zuse', 'Babbage', 'de Vries'];
const DOMAINS = ['Work.example', 'home.example', 'x.EXAMPLE', 'school.example'];
const NICKS = [null, 'Countess', 'ace', 'Zed', 'bee', null];
const START = Date.parse('2026-01-01T00:00:00.000Z');

/** The i-th person: every attribute varied so that each operator both hits and misses. */
function personOf(i: number): Person {
  const first = FIRSTS[i % FIRSTS.length]!;
  const last = LASTS[(i * 7) % LASTS.length]!;
  const created = START + i * 60_000 + (i % 1000);
  return {
    id: randomUUID(),
    userName: `${['Ada', 'bob', 'CARLA', 'dave', 'Émile', 'zoë'][i % 6]}.${i}`,
    first,
    last,
    display: i % 5 === 0 ? `Dr ${last}` : `${first} ${last}`,
    nick: NICKS[i % NICKS.length]!,
    email: `${first.replace(' ', '.')}.${i}@${DOMAINS[i % DOMAINS.length]}`,
    phone: i % 2 === 0 ? null : `+4179${String(i).padStart(7, '0')}`,
    externalId: i % 4 === 0 ? null : `E${i}`,
    state: i % 7 === 0 ? 'inactive' : i % 11 === 0 ? 'locked' : 'active',
    created,
    changed: created + (i % 13) * 86_400_000,
  };
}

/** As the read model keeps a time: UTC, `YYYY-MM-DD HH:MM:SS.SSS` (both databases take it). */
const kept = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** The people written to the read model as the worker writes them, 500 a statement. */
async function seed(service: TestService, orgId: string, people: Person[]): Promise<void> {
  for (let at = 0; at < people.length; at += 500) {
    const rows = people.slice(at, at + 500);
    await service.dataSource.query(
      `INSERT INTO user_read_models (id, org_id, type, user_name, user_name_lower, state,
         first_name, last_name, nick_name, display_name, gender, email, email_lower,
         email_verified, phone, phone_verified, external_id, idp_links, has_password,
         password_change_required, has_otp, has_secret, sequence, creation_date, change_date)
       VALUES ${rows.map(() => `(?, ?, 'human', ?, ?, ?, ?, ?, ?, ?, 'GENDER_UNSPECIFIED', ?, ?, 1, ?, 1, ?, '[]', 1, 0, 0, 0, 1, ?, ?)`).join(', ')}`,
      rows.flatMap((p) => [
        p.id,
        orgId,
        p.userName,
        uniqueNameKey(p.userName),
        p.state,
        p.first,
        p.last,
        p.nick,
        p.display,
        p.email,
        uniqueNameKey(p.email),
        p.phone,
        p.externalId,
        kept(p.created),
        kept(p.changed),
      ]),
    );
  }
}

const lower = (text: string) => text.toLowerCase();
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Each filter, with which people it names by RFC 7644's rules written out here (case-insensitive
 * but for externalId and the phone, strings ordered by code point, an absent value meeting
 * nothing but `ne` and `not`), so that the test also fails when the translation and ListUsers
 * agree on a wrong answer.
 */
const CASES: [string, (p: Person) => boolean][] = [
  ['userName eq "ada.600"', (p) => lower(p.userName) === 'ada.600'],
  ['USERNAME ne "Ada.600"', (p) => lower(p.userName) !== 'ada.600'],
  ['userName co "A.1"', (p) => lower(p.userName).includes('a.1')],
  ['userName sw "émile"', (p) => lower(p.userName).startsWith('émile')],
  ['userName ew "99"', (p) => p.userName.endsWith('99')],
  ['userName gt "DAVE.5"', (p) => lower(p.userName) > 'dave.5'],
  ['userName ge "dave.5002"', (p) => lower(p.userName) >= 'dave.5002'],
  ['userName lt "bob.5"', (p) => lower(p.userName) < 'bob.5'],
  ['userName le "ADA.5004"', (p) => lower(p.userName) <= 'ada.5004'],
  ['name.givenName eq "ADA"', (p) => lower(p.first) === 'ada'],
  ['name.familyName gt "m"', (p) => lower(p.last) > 'm'],
  ['name.familyName le "Hopper"', (p) => lower(p.last) <= 'hopper'],
  [
    'name.formatted eq "mia rose DE VRIES"',
    (p) => lower(`${p.first} ${p.last}`) === 'mia rose de vries',
  ],
  ['displayName sw "dr "', (p) => lower(p.display).startsWith('dr ')],
  ['nickName pr', (p) => p.nick !== null],
  ['nickName lt "c"', (p) => p.nick !== null && lower(p.nick) < 'c'],
  ['nickName ge "bee"', (p) => p.nick !== null && lower(p.nick) >= 'bee'],
  ['nickName ne "ACE"', (p) => p.nick === null || lower(p.nick) !== 'ace'],
  ['not (nickName pr)', (p) => p.nick === null],
  ['emails co "@WORK."', (p) => lower(p.email).includes('@work.')],
  ['emails.value ew ".example"', (p) => lower(p.email).endsWith('.example')],
  ['emails[primary eq true and value sw "zoë"]', (p) => lower(p.email).startsWith('zoë')],
  ['emails[value ew "@home.example"]', (p) => lower(p.email).endsWith('@home.example')],
  ['phoneNumbers pr', (p) => p.phone !== null],
  ['phoneNumbers.value sw "+417900001"', (p) => p.phone?.startsWith('+417900001') ?? false],
  ['phoneNumbers[value lt "+41790000500"]', (p) => p.phone !== null && p.phone < '+41790000500'],
  ['phoneNumbers[primary eq true]', (p) => p.phone !== null],
  ['externalId eq "E1001"', (p) => p.externalId === 'E1001'],
  ['externalId eq "e1001"', () => false],
  ['externalId le "E2"', (p) => p.externalId !== null && p.externalId <= 'E2'],
  ['externalId pr', (p) => p.externalId !== null],
  ['active eq false', (p) => p.state === 'inactive'],
  ['active ne false', (p) => p.state !== 'inactive'],
  ['meta.created gt "2026-01-03T00:00:00Z"', (p) => p.created > Date.parse('2026-01-03T00:00:00Z')],
  [
    `meta.created ge "${iso(START + 4000 * 60_000 + 0)}"`,
    (p) => p.created >= START + 4000 * 60_000,
  ],
  [
    'meta.created lt "2026-01-02T01:00:00+01:00"',
    (p) => p.created < Date.parse('2026-01-02T00:00:00Z'),
  ],
  [
    `meta.created eq "${iso(START + 1234 * 60_000 + 234)}"`,
    (p) => p.created === START + 1234 * 60_000 + 234,
  ],
  [
    'meta.lastModified le "2026-01-20T00:00:00.0005Z"',
    (p) => p.changed <= Date.parse('2026-01-20T00:00:00Z'),
  ],
  [
    'meta.lastModified gt "2026-01-20T00:00:00.0005Z"',
    (p) => p.changed > Date.parse('2026-01-20T00:00:00Z'),
  ],
  [
    '(userName sw "ada" or name.familyName eq "zuse") and not (active eq false or emails co "home")',
    (p) =>
      (lower(p.userName).startsWith('ada') || lower(p.last) === 'zuse') &&
      !(p.state === 'inactive' || lower(p.email).includes('home')),
  ],
  [
    'not (phoneNumbers pr and (nickName gt "b" or externalId lt "E5")) and meta.created lt "2026-01-05T00:00:00Z"',
    (p) =>
      !(
        p.phone !== null &&
        ((p.nick !== null && lower(p.nick) > 'b') || (p.externalId !== null && p.externalId < 'E5'))
      ) && p.created < Date.parse('2026-01-05T00:00:00Z'),
  ],
];

describeOnEachDatabase(`SCIM filters over ${USERS.toLocaleString('en')} users`, (service) => {
  let owner: BuiltMember;
  let people: Person[];

  before(async function () {
    this.timeout(300_000);
    owner = await buildOwner(service);
    people = Array.from({ length: USERS }, (_, i) => personOf(i));
    await seed(service, owner.orgId, people);
  });

  /** Every id a SCIM list with `filter` answers, page by page (1,000 a page). */
  async function scimIds(filter: string): Promise<string[]> {
    const ids: string[] = [];
    for (let startIndex = 1; ; startIndex += 1000) {
      const query = new URLSearchParams({ filter, startIndex: String(startIndex), count: '1000' });
      const page = await service.call('GET', `/scim/v2/${owner.orgId}/Users?${query}`, {
        token: owner.token,
      });
      expect(page.status, page.text).to.equal(200);
      ids.push(...page.body.Resources.map((user: { id: string }) => user.id));
      if (startIndex + 1000 > page.body.totalResults) return ids;
    }
  }

  /** Every id ListUsers answers for the same queries, page by page by cursor. */
  async function listUsersIds(filter: string): Promise<string[]> {
    const ids: string[] = [];
    // The queries the SCIM list sends: people alone, and the filter's.
    const { queries } = listRequestOf({ filter }).request;
    let cursor: string | undefined;
    do {
      const page = await service.call('POST', '/management/v1/users/_search', {
        token: owner.token,
        body: { query: { limit: 1000, asc: true, ...(cursor && { cursor }) }, queries },
      });
      expect(page.status, page.text).to.equal(200);
      ids.push(...page.body.result.map((user: { id: string }) => user.id));
      cursor = page.body.details.nextCursor;
    } while (cursor);
    return ids;
  }

  for (const [filter, names] of CASES)
    it(`${filter}: the same users as ListUsers, and as RFC 7644 says`, async () => {
      const expected = people.filter(names).map((p) => p.id);
      const scim = await scimIds(filter);
      expect(new Set(scim).size, 'no user twice').to.equal(scim.length);
      expect([...scim].sort()).to.deep.equal([...(await listUsersIds(filter))].sort());
      expect([...scim].sort()).to.deep.equal([...expected].sort());
    });

  it('every operator has hits and misses among the cases', () => {
    for (const op of ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'pr']) {
      const counts = CASES.filter(([filter]) => new RegExp(` ${op}\\b`, 'i').test(filter)).map(
        ([, names]) => people.filter(names).length,
      );
      expect(
        counts.some((count) => count > 0 && count < USERS),
        op,
      ).to.equal(true);
    }
  });
});
