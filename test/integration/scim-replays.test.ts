import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { ENTERPRISE } from '../support/scim-client.js';
import {
  directoryClient,
  directoryOrg,
  type DirectoryClient,
  type DirectoryOrg,
  expectErrorAnswer,
  expectListAnswer,
  expectSameUser,
  expectUserAnswer,
} from '../support/scim-protocol.js';
import {
  ENTRA_ADD_NICK_NAME,
  ENTRA_CREATE_USER,
  ENTRA_DISABLE,
  ENTRA_DISABLE_UNFLAGGED,
  ENTRA_REPLACE_MANY_FLAGGED,
  ENTRA_REPLACE_MANY_UNFLAGGED,
  ENTRA_UPDATE_MULTI_VALUED,
  ENTRA_UPDATE_SINGLE_VALUED,
  ENTRA_USER_NAME,
  ENTRA_ZERO_RESULTS_QUERY,
  entraUserNameQuery,
} from '../fixtures/scim/entra-id-requests.js';
import {
  OKTA_CREATE_GROUP,
  OKTA_CREATE_USER,
  OKTA_DEACTIVATE,
  OKTA_HEADERS,
  OKTA_IMPORT_PAGE,
  OKTA_USER_EXISTS_QUERY,
  OKTA_USER_EXISTS_QUERY_CAPS,
  oktaReplaceUser,
} from '../fixtures/scim/okta-requests.js';

/** The documents show no headers of Entra's; its bodies go as SCIM's media type (RFC 7644 §8.1). */
/** The userName ENTRA_UPDATE_SINGLE_VALUED replaces the tutorial's with. */
const ENTRA_NEW_USER_NAME = '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com';

const ENTRA_HEADERS = { 'content-type': 'application/scim+json; charset=utf-8' };

/**
 * Microsoft Entra ID's and Okta's requests replayed as their documents publish them
 * (test/fixtures/scim/, each request with its source), in the order the directories send them,
 * each answer checked against RFC 7644: status, `application/scim+json`, schemas, the User's
 * required attributes, `meta` and its version as the ETag, ListResponse fields, the error shape.
 */
describeOnEachDatabase(
  'SCIM replays: Microsoft Entra ID and Okta as they send',
  (service) => {
    before(() => service.startWorker());

    async function directory(headers: Record<string, string>) {
      const org: DirectoryOrg = await directoryOrg(service);
      return { org, send: directoryClient(service, org.orgId, org.token, headers) };
    }

    /** A user as a GET reads it now: the answer checked, the User returned. */
    async function read(send: DirectoryClient, org: DirectoryOrg, id: string) {
      return expectUserAnswer(await send('GET', `/Users/${id}`), 200, org.base);
    }

    it("Entra ID: a user's life in the tutorial's order: query, create, get, query, update, disable, delete", async () => {
      const { org, send } = await directory(ENTRA_HEADERS);
      expectListAnswer(await send('GET', ENTRA_ZERO_RESULTS_QUERY), {
        totalResults: 0,
        itemsPerPage: 0,
      });
      // Before it creates, Entra looks the user up by its matching attribute, userName.
      expectListAnswer(await send('GET', entraUserNameQuery(ENTRA_USER_NAME)), {
        totalResults: 0,
        itemsPerPage: 0,
      });

      const created = expectUserAnswer(
        await send('POST', '/Users', ENTRA_CREATE_USER),
        201,
        org.base,
      );
      expect(created).to.include({
        userName: ENTRA_USER_NAME,
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        active: true,
      });
      expect(created.name).to.include({ givenName: 'givenName', familyName: 'familyName' });
      expect(created.emails[0].value).to.equal(
        'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com',
      );
      const { id } = created;

      expectSameUser(await read(send, org, id), created);
      const [found] = expectListAnswer(await send('GET', entraUserNameQuery(ENTRA_USER_NAME)), {
        totalResults: 1,
        itemsPerPage: 1,
      });
      expectSameUser(found!, created);
      // The tutorial's "User not found": 404 in the error shape.
      expectErrorAnswer(await send('GET', '/Users/5171a35d82074e068ce2'), 404);

      const updated = expectUserAnswer(
        await send('PATCH', `/Users/${id}`, ENTRA_UPDATE_MULTI_VALUED),
        200,
        org.base,
      );
      expect(updated.emails).to.deep.include({
        value: 'updatedEmail@microsoft.com',
        type: 'work',
        primary: true,
      });
      expect(updated.name).to.include({ givenName: 'givenName', familyName: 'updatedFamilyName' });
      expect(updated.meta.version).not.to.equal(created.meta.version);
      expectSameUser(await read(send, org, id), updated);

      // A change of userName: UpdateUserName, and the user is found by the new name alone.
      const renamed = expectUserAnswer(
        await send('PATCH', `/Users/${id}`, ENTRA_UPDATE_SINGLE_VALUED),
        200,
        org.base,
      );
      expect(renamed.userName).to.equal(ENTRA_NEW_USER_NAME);
      expectSameUser(await read(send, org, id), renamed);
      expectListAnswer(await send('GET', entraUserNameQuery(ENTRA_USER_NAME)), {
        totalResults: 0,
        itemsPerPage: 0,
      });

      // Unassigned from the application: Entra disables with the string "False" (no flag).
      const disabled = expectUserAnswer(
        await send('PATCH', `/Users/${id}`, ENTRA_DISABLE_UNFLAGGED),
        200,
        org.base,
      );
      expect(disabled.active).to.equal(false);
      const [stillThere] = expectListAnswer(
        await send('GET', entraUserNameQuery(ENTRA_NEW_USER_NAME)),
        {
          totalResults: 1,
          itemsPerPage: 1,
        },
      );
      expectSameUser(stillThere!, disabled);

      // Deleted in Entra (30 days after a soft delete): DELETE, 204 with no body, then gone.
      const deleted = await send('DELETE', `/Users/${id}`);
      expect(deleted.status, deleted.text).to.equal(204);
      expect(deleted.text).to.equal('');
      expectErrorAnswer(await send('GET', `/Users/${id}`), 404);
    });

    it("Entra ID's PATCH as it sends it with and without the aadOptscim062020 flag", async () => {
      const { org, send } = await directory(ENTRA_HEADERS);
      // userName is unique across the instance: the tutorial's user, by another name.
      const body = ENTRA_CREATE_USER.replace(ENTRA_USER_NAME, `${ENTRA_USER_NAME}-quirks`);
      const created = expectUserAnswer(await send('POST', '/Users', body), 201, org.base);
      const path = `/Users/${created.id}`;

      // "Add" for a single-valued attribute, capitalised.
      const nick = expectUserAnswer(await send('PATCH', path, ENTRA_ADD_NICK_NAME), 200, org.base);
      expect(nick.nickName).to.equal('Babs');

      // A path-less replace whose keys are attribute paths, beside a value-filtered email path.
      const many = expectUserAnswer(
        await send('PATCH', path, ENTRA_REPLACE_MANY_FLAGGED),
        200,
        org.base,
      );
      expect(many).to.include({ displayName: 'Bjfe', nickName: 'Babs' });
      expect(many.name).to.include({ givenName: 'Kkom', familyName: 'Unua' });
      expect(many.emails[0]).to.include({ value: 'TestMhvaes@test.microsoft.com', type: 'work' });

      // Without the flag, one Replace per attribute, externalId among them (UpdateUserExternalId).
      const unflagged = expectUserAnswer(
        await send('PATCH', path, ENTRA_REPLACE_MANY_UNFLAGGED),
        200,
        org.base,
      );
      expect(unflagged).to.include({ displayName: 'Pvlo', externalId: 'Eqpj' });
      expect(unflagged.name).to.include({ givenName: 'Gtfd', familyName: 'Pkqf' });
      expect(unflagged.emails[0]).to.include({ value: 'TestBcwqnm@test.microsoft.com' });
      expect(unflagged[ENTERPRISE]).to.include({ employeeNumber: 'Eqpj' });
      expectSameUser(await read(send, org, created.id), unflagged);

      const disabled = expectUserAnswer(await send('PATCH', path, ENTRA_DISABLE), 200, org.base);
      expect(disabled.active).to.equal(false);
      // Assigned again: the same request with "True".
      const enabled = expectUserAnswer(
        await send('PATCH', path, ENTRA_DISABLE_UNFLAGGED.replace('"False"', '"True"')),
        200,
        org.base,
      );
      expect(enabled.active).to.equal(true);
    });

    it("Okta: connection test, lookup, create, get, PUT, deactivate, import, in the reference's order", async () => {
      const { org, send } = await directory(OKTA_HEADERS);
      expectListAnswer(await send('GET', '/Users?startIndex=1&count=2'), {
        totalResults: 0,
        itemsPerPage: 0,
      });
      expectListAnswer(await send('GET', OKTA_USER_EXISTS_QUERY), {
        totalResults: 0,
        itemsPerPage: 0,
      });

      // Okta's synchronised password "1mz050nq" fails the default password policy (an upper-case
      // letter and a symbol): refused as a bad value, nothing stored. A deployment that lets Okta
      // sync passwords sets PASSWORD_REQUIRE_UPPERCASE/SYMBOL; without "Sync Password" Okta sends
      // no password and the user is made.
      const refused = await send('POST', '/Users', OKTA_CREATE_USER);
      expectErrorAnswer(refused, 400, 'invalidValue');
      expect(refused.body.detail).to.match(/password/i);
      expect(refused.text).not.to.include('1mz050nq');
      const withoutPassword = JSON.parse(OKTA_CREATE_USER) as Record<string, unknown>;
      delete withoutPassword.password;
      const created = expectUserAnswer(
        await send('POST', '/Users', withoutPassword),
        201,
        org.base,
      );
      expect(created).to.include({
        userName: 'test.user@okta.local',
        displayName: 'Test User',
        externalId: '00ujl29u0le5T6Aj10h7',
        active: true,
        preferredLanguage: 'en-US',
      });
      // "If the User object that Okta tries to create already exists ... 409 Conflict".
      expectErrorAnswer(await send('POST', '/Users', withoutPassword), 409, 'uniqueness');

      const [found] = expectListAnswer(await send('GET', OKTA_USER_EXISTS_QUERY), {
        totalResults: 1,
        itemsPerPage: 1,
      });
      expectSameUser(found!, created);
      const [foundInCaps] = expectListAnswer(await send('GET', OKTA_USER_EXISTS_QUERY_CAPS), {
        totalResults: 1,
        itemsPerPage: 1,
      });
      expect(foundInCaps!.id).to.equal(created.id);
      expectSameUser(await read(send, org, created.id), created);

      // Update User Attributes: GET, then PUT of the User with what changed.
      const replaced = expectUserAnswer(
        await send('PUT', `/Users/${created.id}`, oktaReplaceUser(created.id)),
        200,
        org.base,
      );
      expect(replaced.name).to.include({ givenName: 'Another', familyName: 'User' });
      expect(replaced.emails[0].value).to.equal('test.user@okta.local');

      const deactivated = expectUserAnswer(
        await send('PATCH', `/Users/${created.id}`, OKTA_DEACTIVATE),
        200,
        org.base,
      );
      expect(deactivated.active).to.equal(false);
      const reactivated = expectUserAnswer(
        await send('PATCH', `/Users/${created.id}`, OKTA_DEACTIVATE.replace('false', 'true')),
        200,
        org.base,
      );
      expect(reactivated.active).to.equal(true);

      // Import: pages of 100, and the connection tests again, now with a user.
      const [imported] = expectListAnswer(await send('GET', OKTA_IMPORT_PAGE), {
        totalResults: 1,
        itemsPerPage: 1,
      });
      expectSameUser(imported!, reactivated);
      expectListAnswer(await send('GET', '/Users?startIndex=1&count=2'), {
        totalResults: 1,
        itemsPerPage: 1,
      });
      expectListAnswer(await send('GET', '/Users?count=1&startIndex=1'), {
        totalResults: 1,
        itemsPerPage: 1,
      });

      // Group push: /Groups is not at the organization's base (issue 45 maps a group to a project
      // role under /projects/{projectId}/), so Okta's POST here is a SCIM 404.
      expectErrorAnswer(await send('POST', '/Groups', OKTA_CREATE_GROUP), 404);
    });
  },
  { KAFKA_BROKERS: '' },
);
