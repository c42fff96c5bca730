import type { Case } from './transport-cases.js';

/** The cases of the reads of an organization and its parts, which transports.test.ts sends. */

export type OrgReadOperation =
  | 'GetMyOrg'
  | 'ListOrgMembers'
  | 'ListOrgs'
  | 'GetLabelPolicy'
  | 'GetDefaultLabelPolicy'
  | 'ListMachineKeys'
  | 'ListPersonalAccessTokens'
  | 'ListHumanLinkedIDPs'
  | 'ListHumanAuthFactors'
  | 'ListUserMemberships'
  | 'ListEvents'
  | 'ListEventTypes'
  | 'ListAggregateTypes';

/** A list's answer: its results and details, with no next cursor. */
export const LISTED = [
  'details',
  'details.processedSequence',
  'details.totalResult',
  'details.viewTimestamp',
  'result',
];

export const ORG_READ_CASES: Case[] = [
  {
    name: 'the target organization',
    operation: 'GetMyOrg',
    request: () => ({}),
    expected: { code: 0, shape: ['org'] },
  },
  {
    name: 'an organization the caller has no role in',
    operation: 'GetMyOrg',
    request: () => ({}),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'the members, by user id',
    operation: 'ListOrgMembers',
    request: (f) => ({
      query: { limit: 5 },
      queries: [{ userIdQuery: { userId: f.owner.userId } }],
    }),
    expected: {
      code: 0,
      shape: LISTED,
    },
  },
  {
    name: 'the members after a cursor of another list',
    operation: 'ListOrgMembers',
    request: () => ({ query: { cursor: 'not-a-cursor' } }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['query.cursor'] },
  },
  {
    name: 'the members by an empty query',
    operation: 'ListOrgMembers',
    request: () => ({ queries: [{}] }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['queries[0]'] },
  },
  {
    name: 'the organizations, by name, for an IAM_OWNER',
    operation: 'ListOrgs',
    request: () => ({
      query: { limit: 1000 },
      sortingColumn: 'ORG_FIELD_NAME_NAME',
      queries: [{ nameQuery: { name: 'org', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' } }],
    }),
    caller: (f) => ({ token: f.admin.token }),
    expected: {
      code: 0,
      shape: [...LISTED, 'sortingColumn'],
    },
  },
  {
    name: 'the organizations, for an ORG_OWNER',
    operation: 'ListOrgs',
    request: () => ({}),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'the organizations by a name too long',
    operation: 'ListOrgs',
    request: () => ({ queries: [{ nameQuery: { name: 'n'.repeat(201) } }] }),
    caller: (f) => ({ token: f.admin.token }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['queries[0].nameQuery.name'] },
  },
  {
    name: 'the organization’s label policy',
    operation: 'GetLabelPolicy',
    request: () => ({}),
    expected: { code: 0 },
  },
  {
    name: 'the label policy of an organization the caller has no role in',
    operation: 'GetLabelPolicy',
    request: () => ({}),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'the default label policy',
    operation: 'GetDefaultLabelPolicy',
    request: () => ({}),
    expected: { code: 0, shape: ['policy'] },
  },
  {
    name: 'the default label policy for a machine user without roles',
    operation: 'GetDefaultLabelPolicy',
    request: () => ({}),
    caller: (f) => ({ token: f.machineToken }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'the keys of a machine user',
    operation: 'ListMachineKeys',
    request: (f) => ({ userId: f.machineUserId, query: { limit: 10 } }),
    expected: { code: 0 },
  },
  {
    name: 'the keys of a machine user of another organization',
    operation: 'ListMachineKeys',
    request: (f) => ({ userId: f.other.orgId }),
    expected: { code: 5, errorId: 'MACHINE-USER-NOT-FOUND' },
  },
  {
    name: 'the personal access tokens of a machine user',
    operation: 'ListPersonalAccessTokens',
    request: (f) => ({ userId: f.machineUserId, query: { asc: true } }),
    expected: { code: 0 },
  },
  {
    name: 'the personal access tokens of a person',
    operation: 'ListPersonalAccessTokens',
    request: (f) => ({ userId: f.owner.userId }),
    expected: { code: 5, errorId: 'MACHINE-USER-NOT-FOUND' },
  },
  {
    name: 'the personal access tokens after a cursor of another list',
    operation: 'ListPersonalAccessTokens',
    request: (f) => ({ userId: f.machineUserId, query: { cursor: 'x' } }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['query.cursor'] },
  },
  {
    name: 'the identity provider links of a person',
    operation: 'ListHumanLinkedIDPs',
    request: (f) => ({ userId: f.owner.userId, query: { limit: 10 } }),
    expected: { code: 0 },
  },
  {
    name: 'the identity provider links of a machine user',
    operation: 'ListHumanLinkedIDPs',
    request: (f) => ({ userId: f.machineUserId }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: 'the ways a person signs in',
    operation: 'ListHumanAuthFactors',
    request: (f) => ({ userId: f.owner.userId }),
    expected: { code: 0 },
  },
  {
    name: 'the memberships of the owner',
    operation: 'ListUserMemberships',
    request: (f) => ({ userId: f.owner.userId }),
    expected: { code: 0, shape: LISTED },
  },
  {
    name: 'the memberships of a user of another organization',
    operation: 'ListUserMemberships',
    request: (f) => ({ userId: f.other.orgId }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: "the organization's events, by editor, type prefix and aggregate type, a page",
    operation: 'ListEvents',
    request: (f) => ({
      limit: 10,
      editorUserId: f.owner.userId,
      eventTypes: ['user.', 'project.added'],
      aggregateTypes: ['user', 'project'],
      range: { since: '2020-01-01T00:00:00Z' },
    }),
    expected: { code: 0, shape: ['events'] },
  },
  {
    name: 'the events of an organization the caller has no role in',
    operation: 'ListEvents',
    request: () => ({}),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'the events, a page over the limit of an unknown aggregate type',
    operation: 'ListEvents',
    request: () => ({ limit: 5000, aggregateTypes: ['group'] }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['aggregateTypes[0]', 'limit'] },
  },
  {
    name: 'the event types',
    operation: 'ListEventTypes',
    request: () => ({}),
    expected: { code: 0, shape: ['eventTypes'] },
  },
  {
    name: 'the aggregate types',
    operation: 'ListAggregateTypes',
    request: () => ({}),
    expected: { code: 0, shape: ['aggregateTypes'] },
  },
  {
    name: 'the aggregate types, in an organization the caller has no role in',
    operation: 'ListAggregateTypes',
    request: () => ({}),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
];
