import { expect } from 'chai';
import schema from '../../schemas/requests/list-users.schema.json' with { type: 'json' };
import { listRequestOf } from '../../services/api/scim/scim-users.js';
import { ScimError } from '../../services/api/scim/scim-errors.js';
import { userQueriesOf } from '../../services/api/scim/scim-filter.js';
import { RequestSchemas } from '../../services/api/validation/request-validator.js';
import type { PasswordPolicy } from '../../shared/config/config-sections.js';

const ALWAYS = { typeQuery: { type: 'TYPE_HUMAN' } };
const NEVER = { notQuery: { query: ALWAYS } };
const not = (query: object) => ({ notQuery: { query } });
const and = (...queries: object[]) => ({ andQuery: { queries } });
const hasNickName = { nickNameQuery: { nickName: '', method: 'TEXT_QUERY_METHOD_GREATER' } };
const hasPhone = { phoneQuery: { number: '', method: 'TEXT_QUERY_METHOD_GREATER' } };
const hasExternalId = { externalIdQuery: { externalId: '', method: 'TEXT_QUERY_METHOD_GREATER' } };

const validListUsers = new RequestSchemas({} as PasswordPolicy).compile(schema);

describe('SCIM filters as ListUsers queries (RFC 7644 §3.4.2.2)', () => {
  const cases: [string, object][] = [
    [
      'userName eq "Ada"',
      { userNameQuery: { userName: 'Ada', method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } },
    ],
    [
      'USERNAME Gt "m"',
      { userNameQuery: { userName: 'm', method: 'TEXT_QUERY_METHOD_GREATER_IGNORE_CASE' } },
    ],
    [
      'urn:ietf:params:scim:schemas:core:2.0:User:name.givenName le "b"',
      {
        firstNameQuery: { firstName: 'b', method: 'TEXT_QUERY_METHOD_LESS_OR_EQUALS_IGNORE_CASE' },
      },
    ],
    [
      'externalId ge "E5"',
      { externalIdQuery: { externalId: 'E5', method: 'TEXT_QUERY_METHOD_GREATER_OR_EQUALS' } },
    ],
    // An absent nick name is the empty text to ListUsers, which is less than "m": asked present.
    [
      'nickName lt "m"',
      and(hasNickName, {
        nickNameQuery: { nickName: 'm', method: 'TEXT_QUERY_METHOD_LESS_IGNORE_CASE' },
      }),
    ],
    [
      'nickName gt "m"',
      { nickNameQuery: { nickName: 'm', method: 'TEXT_QUERY_METHOD_GREATER_IGNORE_CASE' } },
    ],
    ['nickName pr', hasNickName],
    ['phoneNumbers pr', hasPhone],
    ['externalId pr', hasExternalId],
    ['userName pr', ALWAYS],
    ['meta.created pr', ALWAYS],
    [
      'nickName ne "x"',
      not({ nickNameQuery: { nickName: 'x', method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } }),
    ],
    [
      'phoneNumbers.value sw "+4179"',
      { phoneQuery: { number: '+4179', method: 'TEXT_QUERY_METHOD_STARTS_WITH' } },
    ],
    [
      'meta.created gt "2026-01-01T00:00:00Z"',
      {
        creationDateQuery: {
          creationDate: '2026-01-01T00:00:00Z',
          method: 'TIMESTAMP_QUERY_METHOD_GREATER',
        },
      },
    ],
    [
      'meta.lastModified ne "2026-01-01T00:00:00.5+02:00"',
      not({
        changeDateQuery: {
          changeDate: '2026-01-01T00:00:00.5+02:00',
          method: 'TIMESTAMP_QUERY_METHOD_EQUALS',
        },
      }),
    ],
    ['active eq true', not({ stateQuery: { state: 'USER_STATE_INACTIVE' } })],
    ['active ne true', { stateQuery: { state: 'USER_STATE_INACTIVE' } }],
    [
      'userName sw "a" and (displayName co "b" and nickName eq "c")',
      and(
        { userNameQuery: { userName: 'a', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } },
        {
          displayNameQuery: { displayName: 'b', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' },
        },
        { nickNameQuery: { nickName: 'c', method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } },
      ),
    ],
    ['id eq "u1"', { inUserIdsQuery: { userIds: ['u1'] } }],
    // The user's email is the primary entry.
    ['emails.primary eq true', ALWAYS],
    [
      'emails[primary eq true and value co "@x"]',
      and(ALWAYS, {
        emailQuery: { emailAddress: '@x', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' },
      }),
    ],
    // A phone's value filter holds for a person with a phone alone.
    [
      'phoneNumbers[not (value eq "+41")]',
      and(hasPhone, not({ phoneQuery: { number: '+41', method: 'TEXT_QUERY_METHOD_EQUALS' } })),
    ],
    [
      'name.formatted eq "Ada B Lovelace"',
      {
        orQuery: {
          queries: [
            and(
              {
                firstNameQuery: {
                  firstName: 'Ada',
                  method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
                },
              },
              {
                lastNameQuery: {
                  lastName: 'B Lovelace',
                  method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
                },
              },
            ),
            and(
              {
                firstNameQuery: {
                  firstName: 'Ada B',
                  method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
                },
              },
              {
                lastNameQuery: {
                  lastName: 'Lovelace',
                  method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
                },
              },
            ),
          ],
        },
      },
    ],
    ['name.formatted eq "Ada"', NEVER],
    [
      'not (userName sw "a" or displayName ew "z") and name[familyName co "x"]',
      and(
        not({
          orQuery: {
            queries: [
              {
                userNameQuery: {
                  userName: 'a',
                  method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
                },
              },
              {
                displayNameQuery: {
                  displayName: 'z',
                  method: 'TEXT_QUERY_METHOD_ENDS_WITH_IGNORE_CASE',
                },
              },
            ],
          },
        }),
        { lastNameQuery: { lastName: 'x', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' } },
      ),
    ],
  ];

  for (const [filter, query] of cases)
    it(`translates ${filter}, into queries ListUsers' schema takes`, () => {
      expect(userQueriesOf(filter)).to.deep.equal(query);
      const { request } = listRequestOf({ filter });
      expect(() => validListUsers(request)).not.to.throw();
    });

  const refused = [
    'userName eq',
    'userName eq "a" and',
    'active gt true',
    'active eq "yes"',
    'emails.primary lt true',
    'meta.created co "2026"',
    'meta.created gt "yesterday"',
    'meta.created gt "2026-02-30T00:00:00Z"',
    'userName eq 1',
    'userName eq null',
    'id sw "a"',
    'name eq "x"',
    'title eq "x"',
    'preferredLanguage eq "en"',
    'name.formatted co "x"',
    'emails[value co "x" and phoneNumbers[value pr]]',
    // Types are kept as metadata, not searched.
    'emails[type eq "work"]',
    'emails[type eq "work"].value eq "a@x"',
    'phoneNumbers.type eq "mobile"',
    'userName[value eq "x"]',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "x"',
  ];
  for (const filter of refused)
    it(`refuses ${filter} as invalidFilter`, () => {
      let error: unknown;
      try {
        userQueriesOf(filter);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).to.be.instanceOf(ScimError);
      expect(error).to.include({ status: 400, scimType: 'invalidFilter' });
    });
});
