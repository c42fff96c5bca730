import { expect } from 'chai';
import { createHumanUser } from '../../services/api/admin/users.js';
import { describeWithService } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { pollUntil } from '../support/poll.js';
import { pageError, SignInBrowser } from '../support/sign-in-flow.js';

const PASSWORD = 'Right-passw0rd!';
const BLOCKED = 'Too many failed attempts from your address. Try again later.';

describeWithService(
  'Sign-in failures behind a proxy: counted by the forwarded client address',
  (service) => {
    let userName: string;
    before(async () => {
      const { orgId } = await buildOrg(service);
      userName = `proxied-${Date.now()}`;
      await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        password: PASSWORD,
      });
    });

    /** A sign-in as someone the proxy forwards for `address`. */
    async function signInFrom(address: string, name: string, password: string) {
      const browser = new SignInBrowser(service.config.publicUrl, 'en', {
        'x-forwarded-for': address,
      });
      const client = await relyingParty(service);
      return browser.signIn((await authorization(client)).url, name, password);
    }

    it('blocks the address that failed too often, and no other', async () => {
      for (let attempt = 0; attempt < 3; attempt++)
        await signInFrom('192.0.2.10', `nobody-${attempt}`, 'wrong');
      // Failures are counted after their answer: the block comes once the third is.
      const blocked = await pollUntil(
        () => signInFrom('192.0.2.10', `nobody-late`, 'wrong'),
        (page) => pageError(page) === BLOCKED,
        10_000,
      );
      expect(pageError(blocked)).to.equal(BLOCKED);
      expect(pageError(await signInFrom('192.0.2.10', userName, PASSWORD))).to.equal(BLOCKED);
      const other = await signInFrom('192.0.2.11', userName, PASSWORD);
      expect(other.url, pageError(other)).to.match(/callback\?code=/);
    });
  },
  async () => ({
    ...(await publicUrlEnv()),
    TRUST_PROXY_HOPS: '1',
    SIGN_IN_ADDRESS_MAX_FAILURES: '2',
  }),
);
