import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

const METHODS = [
  'EQUALS',
  'EQUALS_IGNORE_CASE',
  'STARTS_WITH',
  'STARTS_WITH_IGNORE_CASE',
  'CONTAINS',
  'CONTAINS_IGNORE_CASE',
  'ENDS_WITH',
  'ENDS_WITH_IGNORE_CASE',
].map((method) => `TEXT_QUERY_METHOD_${method}`);

/** Texts to search for: empty, LIKE's wildcards and escape, non-Latin, astral. */
const text = fc.constantFrom('', 'a', '%', '_', '!', '\\', 'ÜN', 'İ', '山田', '😀', "O'B");
const method = fc.constantFrom(...METHODS);
const textQuery = (query: string, field: string) =>
  fc.record({ [field]: text, method }).map((value) => ({ [query]: value }));

/** One leaf criterion of a user search. */
const leaf = fc.oneof(
  textQuery('userNameQuery', 'userName'),
  textQuery('firstNameQuery', 'firstName'),
  textQuery('lastNameQuery', 'lastName'),
  textQuery('nickNameQuery', 'nickName'),
  textQuery('displayNameQuery', 'displayName'),
  textQuery('emailQuery', 'emailAddress'),
  textQuery('loginNameQuery', 'loginName'),
  textQuery('externalIdQuery', 'externalId'),
  fc
    .constantFrom('USER_STATE_ACTIVE', 'USER_STATE_INACTIVE', 'USER_STATE_DELETED')
    .map((state) => ({ stateQuery: { state } })),
  fc.constantFrom('TYPE_HUMAN', 'TYPE_MACHINE').map((type) => ({ typeQuery: { type } })),
  fc.array(fc.uuid(), { maxLength: 3 }).map((userIds) => ({ inUserIdsQuery: { userIds } })),
  fc
    .array(fc.emailAddress(), { maxLength: 3 })
    .map((userEmails) => ({ inUserEmailsQuery: { userEmails } })),
);

/** A criterion, its combinations nested within the five levels the schema allows. */
const { query: searchQuery } = fc.letrec<{ query: Record<string, unknown> }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
    leaf,
    fc.array(tie('query'), { maxLength: 3 }).map((queries) => ({ orQuery: { queries } })),
    fc.array(tie('query'), { maxLength: 3 }).map((queries) => ({ andQuery: { queries } })),
    tie('query').map((query) => ({ notQuery: { query } })),
  ),
}));

const sortingColumn = fc.constantFrom(
  ...[
    'UNSPECIFIED',
    'USER_NAME',
    'FIRST_NAME',
    'LAST_NAME',
    'NICK_NAME',
    'DISPLAY_NAME',
    'EMAIL',
    'STATE',
    'TYPE',
    'CREATION_DATE',
  ].map((column) => `USER_FIELD_NAME_${column}`),
);

/** A list's page: an offset (a number or its text), a limit, an order. */
const listQuery = fc.record(
  {
    offset: fc.oneof(fc.nat(50), fc.nat(50).map(String)),
    limit: fc.integer({ min: 0, max: 1000 }),
    asc: fc.boolean(),
  },
  { requiredKeys: [] },
);

/**
 * The reads as the owner: a user by id (known or not), lists of users of every shape; the
 * organization, its members (by a member's id or another) and label policies, a machine user's
 * keys and tokens, a person's links, ways to sign in and memberships; as the instance's owner,
 * lists of organizations.
 */
export function userReadCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const as = callsAs(fixtures);
  return fc.oneof(
    fc
      .constantFrom(fixtures.owner.userId, fixtures.member.userId, ...fixtures.machineUserIds)
      .map((id) => as('GetUserByID')({ id })),
    fc
      .record(
        {
          query: listQuery,
          sortingColumn,
          queries: fc.array(searchQuery, { maxLength: 3 }),
        },
        { requiredKeys: [] },
      )
      .map(as('ListUsers')),
    fc
      .constantFrom('GetMyOrg', 'GetLabelPolicy', 'GetDefaultLabelPolicy')
      .map((method) => as(method)({})),
    fc
      .record(
        {
          query: listQuery,
          queries: fc.array(
            fc
              .constantFrom(fixtures.owner.userId, fixtures.member.userId, 'none')
              .map((userId) => ({ userIdQuery: { userId } })),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: [] },
      )
      .map(as('ListOrgMembers')),
    fc
      .record(
        {
          sequence: fc.oneof(fc.nat(), fc.constantFrom('0', '1', '9007199254740993')),
          limit: fc.nat({ max: 1000 }),
          asc: fc.boolean(),
          editorUserId: fc.constantFrom(fixtures.owner.userId, fixtures.member.userId, 'none', ''),
          eventTypes: fc.array(
            fc.constantFrom('user.', 'user.human.added', 'project.added', 'org.'),
            { maxLength: 3 },
          ),
          aggregateId: fc.constantFrom(fixtures.owner.userId, fixtures.member.userId, 'none'),
          aggregateTypes: fc.subarray(['user', 'project', 'org', 'instance', 'idp']),
          from: fc.constantFrom('2020-01-01T00:00:00Z', '2999-12-31T23:59:59.9999Z'),
        },
        { requiredKeys: [] },
      )
      .map(as('ListEvents')),
    fc
      .record(
        {
          query: listQuery,
          sortingColumn: fc.constantFrom('ORG_FIELD_NAME_UNSPECIFIED', 'ORG_FIELD_NAME_NAME'),
          queries: fc.array(
            fc.oneof(
              textQuery('nameQuery', 'name'),
              fc
                .constantFrom('ORG_STATE_ACTIVE', 'ORG_STATE_INACTIVE')
                .map((state) => ({ stateQuery: { state } })),
            ),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: [] },
      )
      .map(as('ListOrgs', fixtures.instanceOwner.token)),
    fc
      .tuple(
        fc.constantFrom('ListMachineKeys', 'ListPersonalAccessTokens'),
        fc.record(
          { userId: fc.constantFrom(...fixtures.machineUserIds), query: listQuery },
          { requiredKeys: ['userId'] },
        ),
      )
      .map(([method, message]) => as(method)(message)),
    fc
      .tuple(
        fc.constantFrom('ListHumanLinkedIDPs', 'ListUserMemberships'),
        fc.record(
          {
            userId: fc.constantFrom(fixtures.owner.userId, fixtures.member.userId),
            query: listQuery,
          },
          { requiredKeys: ['userId'] },
        ),
      )
      .map(([method, message]) => as(method)(message)),
    fc
      .constantFrom(fixtures.owner.userId, fixtures.member.userId)
      .map((userId) => as('ListHumanAuthFactors')({ userId })),
  );
}

/**
 * The reads of a project's parts as the owner (of its projects, and of another organization's),
 * and of its users' grants.
 */
export function projectPartReadCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const projectId = fc.constantFrom(...fixtures.projectIds, fixtures.otherProjectId);
  const as = callsAs(fixtures);
  const list = (method: string, ...queries: fc.Arbitrary<Record<string, unknown>>[]) =>
    fc
      .record(
        { projectId, query: listQuery, queries: fc.array(fc.oneof(...queries), { maxLength: 3 }) },
        { requiredKeys: ['projectId'] },
      )
      .map(as(method));
  return fc.oneof(
    list(
      'ListProjectRoles',
      textQuery('keyQuery', 'key'),
      textQuery('displayNameQuery', 'displayName'),
    ),
    list('ListApps', textQuery('nameQuery', 'name')),
    fc.record({ projectId, appId: fc.uuid() }).map(as('GetAppByID')),
    list(
      'ListProjectGrants',
      textQuery('projectNameQuery', 'name'),
      textQuery('roleKeyQuery', 'roleKey'),
    ),
    fc.record({ projectId, grantId: fc.uuid() }).map(as('GetProjectGrantByID')),
    fc
      .record(
        {
          query: listQuery,
          queries: fc.array(
            fc.oneof(
              projectId.map((id) => ({ projectIdQuery: { projectId: id } })),
              fc.uuid().map((userId) => ({ userIdQuery: { userId } })),
              textQuery('roleKeyQuery', 'roleKey'),
              textQuery('userNameQuery', 'userName'),
              textQuery('emailQuery', 'email'),
              textQuery('projectNameQuery', 'projectName'),
              fc
                .constantFrom('TYPE_HUMAN', 'TYPE_MACHINE')
                .map((type) => ({ userTypeQuery: { type } })),
            ),
            { maxLength: 3 },
          ),
        },
        { requiredKeys: [] },
      )
      .map(as('ListUserGrants')),
  );
}
