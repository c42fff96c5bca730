import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  referenceCollection,
  runCollection,
  type RequestOutcome,
} from '../support/postman-collection.js';
import { directoryOrg } from '../support/scim-protocol.js';

const row = (
  request: string,
  status: number,
  passed: string[],
  failed: string[] = [],
): RequestOutcome => ({ request, status, passed, failed });

const OK = 'Status code is 200';
const CREATED = 'Status code is 201';
const NO_CONTENT = 'Status code is 204';

/**
 * Every request of Microsoft's collection, in the order newman runs it, with the assertions of
 * its own that pass and that fail against this service now; test/fixtures/scim/README.md says
 * why each failing one fails. Where the reason is a part of issue 45 not built yet, its row is
 * the one to change when that part lands.
 */
const EXPECTED: RequestOutcome[] = [
  // Endpoint tests. /Groups: not at the organization's base (a project's roles, issue 45).
  row('Get empty Users', 200, [OK]),
  row('Get empty Groups', 404, [], [OK]),
  row('Get ResourceTypes', 200, [OK, 'User endpoint exists']),
  row('Get ServiceProviderConfig', 200, [OK, 'Pach supported is true']),
  row('Get Schemas', 200, [OK, 'Body contians User Account']),
  // User tests. Both users carry the externalId "${__UUID}" (JMeter's syntax, which Postman
  // sends as it is); externalId is unique in an organization here: the second is a 409, and
  // the requests about it find no id2.
  row('Post User', 201, [CREATED]),
  row('Post EnterpriseUser', 409, [], [CREATED]),
  row('Get user1', 200, [OK, 'Id is requsted']),
  row('Get user2', 404, [], [OK, 'Id is requsted']),
  // `attributes` is not built: the whole Users are answered, which hold what it looks for.
  row('Get User Attributes', 200, [OK, 'Body contians id1']),
  row('Get User Filters', 200, ['Body contians id1']),
  // A change of userName is not built: 400 mutability.
  row('patch user1', 400, []),
  row('Get User1 Check Patch', 200, [OK, 'Id matches'], ['Username is changed']),
  row('User 2 replace test', 404, [], [OK]),
  row('Get user2 Check replace', 404, [], [OK, 'Name is updated']),
  row('Delete user1', 204, [NO_CONTENT]),
  row('Delete user2', 404, [], [NO_CONTENT]),
  // Group tests: /Groups (above); user 4 shares user 3's externalId "${__UUID}".
  row('Create empty group', 404, [], [CREATED]),
  row('create user for group 2', 201, [CREATED]),
  row('Create user 4 for group 2', 409, [], [CREATED]),
  row('Create filled group 2', 404, [], [CREATED]),
  row('Get Groups', 404, [], [OK]),
  row('Create group 3', 404, [], [CREATED]),
  row('Put replace group3', 404, [], [OK]),
  row('Validate group 3', 404, [], [OK, 'Id matches', 'Body contians user id3']),
  row('Patch add user4 to group1', 404, []),
  row('Patch remove user4 to group1', 404, []),
  row('Patch add user4 to group1', 404, []),
  row('Get group by id', 404, [], [OK, 'Id matches', 'Body contians user']),
  row('Patch remove all users', 404, []),
  row('Get group by id', 404, ['Body contians user'], [OK, 'Id matches']),
  row('Delete user id3', 204, [NO_CONTENT]),
  row('Delete user id4', 404, [], [NO_CONTENT]),
  row('Delete group 1', 404, [], [NO_CONTENT]),
  row('Delete group 2', 404, [], [NO_CONTENT]),
  row('Delete group3', 404, [], [NO_CONTENT]),
  // ComplexAttribute tests: user 1's email "emailName357" is no email address (400
  // invalidValue), so what looks for it finds nothing; `attributes` is not built.
  row('create user1', 400, [], [CREATED]),
  row('create user2', 201, [CREATED]),
  row('Get user attributes', 200, [OK], ['Body contians User1 email']),
  row('Get user via attributes filter', 200, [OK], ['Body contians User1 email']),
  row('Delete User1', 404, [], [NO_CONTENT]),
  row('Delete User2', 204, [NO_CONTENT]),
  // User tests with garbage: every user's phone numbers are "312-320-0932"-like, not in the
  // global form phones are kept in (the import's rule): each create is 400 invalidValue, and
  // all that reads, changes or counts those users fails with it.
  row('Post user "OMalley"', 400, [], [CREATED, 'Username', 'Active true']),
  row('Post emp1 with string "True"', 400, [], [CREATED, 'Active properly set']),
  row('Get all users', 200, [OK], ['Results have 2 users', 'Body contians OMalley']),
  row('Post emp2', 400, [], [CREATED]),
  row('Post emp3', 400, [], [CREATED]),
  row('Post no username', 400, ['Status code is 400']),
  row('Post junk', 400, ['Status code is 400']),
  row('Post emp3 exists', 400, ['Body contians Error detial'], ['Status code is 409']),
  row('Post emp3 exists try again', 400, ['Body contians Error detial'], ['Status code is 409']),
  row('Put a user no username', 404, [], ['Status code is 400']),
  row('Put a user misspelled attribute', 404, ['Body does not contians Addresses'], [OK]),
  row('Post enterprise user', 400, [], [CREATED]),
  row('Patch user omalley new username', 404, [], [NO_CONTENT]),
  row('patch user omalley active with boolean', 404, [], [NO_CONTENT]),
  row('get user1', 404, [], ['Username changed', 'Active changed']),
  row('Put a user OMalley', 404, [], [OK, 'Username', 'Active', 'Body contians Germany']),
  row('Paginate', 200, [], ['Total results', 'JSON Assertion items per page']),
  row('get user attributes', 200, [], ['Total results']),
  row('Post emp3 exists try again', 400, ['Body contians Error detial'], ['Status code is 409']),
  // Filters whose values are not quoted (`userName sw O`): not RFC 7644's grammar, whose
  // compValue is JSON; 400 invalidFilter, as §3.4.2.2 has it.
  row('filter eq and (val or val)', 400, [], ['Total results']),
  row('filter starts with', 400, [], ['Total results']),
  row('filter greater than', 400, [], ['Total results']),
  // Group tests with garbage: /Groups.
  row('Post group', 404, [], [CREATED]),
  row('Group patch add member', 404, [], [NO_CONTENT]),
  row('Group patch add member2', 404, [], [NO_CONTENT]),
  row('Get group', 404, [], [OK]),
  row('Get group exclude members', 404, [], [OK]),
  row('group put', 404, [], [OK, 'Your test name']),
  // Teardown garbage: the users the garbage tests could not make.
  row('Delete user 1', 404, [], [NO_CONTENT]),
  row('Delete user 2', 404, [], [NO_CONTENT]),
  row('Delete user3 emp2', 404, [], [NO_CONTENT]),
  row('Delete user4 emp3', 404, [], [NO_CONTENT]),
  row('Delete enterprise user', 404, [], [NO_CONTENT]),
  row('Delete group 1', 404, [], [NO_CONTENT]),
  row('Get all users', 200, [OK, 'Users cleared']),
  row('Get all groups', 404, [], [OK, 'Groups cleared']),
];

describeOnEachDatabase(
  "SCIM: Microsoft's reference PostmanCollection.json, run by newman",
  (service) => {
    before(() => service.startWorker());

    it('passes and fails, request by request, exactly as test/fixtures/scim/README.md says', async () => {
      // An organization whose only user is the directory's machine user, with its token.
      const org = await directoryOrg(service);
      const outcomes = await runCollection(
        await referenceCollection(),
        `${service.api.url}/scim/v2/${org.orgId}`,
        org.token,
      );
      const answers = outcomes.map(({ request, body }) => `${request}: ${body ?? ''}`);
      expect(
        outcomes.map(({ body: _body, ...outcome }) => outcome),
        answers.join('\n'),
      ).to.deep.equal(EXPECTED);
      // Every answer, failures too, is SCIM's JSON.
      for (const { request, body } of outcomes)
        if (body) expect(JSON.parse(body).schemas, request).to.be.an('array');
    });
  },
);
