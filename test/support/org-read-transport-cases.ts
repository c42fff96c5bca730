import type { Case } from './transport-cases.js';

/** The cases of the reads of an organization and its parts, which transports.test.ts sends. */

export type OrgReadOperation = 'GetMyOrg' | 'ListOrgMembers';

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
      shape: [
        'details',
        'details.processedSequence',
        'details.totalResult',
        'details.viewTimestamp',
        'result',
      ],
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
];
