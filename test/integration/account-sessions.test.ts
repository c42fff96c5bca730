import { expect } from 'chai';
import { createHumanUser } from '../../services/api/admin/users.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';
import { publicUrlEnv } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';
import { profilePageFlow } from '../support/profile-sign-in.js';

const AUTH = 'identity.auth.v1.AuthService';
const SESSIONS = '/auth/v1/users/me/sessions';
const PASSWORD = 'Right-passw0rd!';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Session {
  id: string;
  device: string;
  userAgent: string;
  address: string;
  signedInAt: string;
  lastUsedAt?: string;
  current: boolean;
}

describeOnEachDatabase(
  "A person's sessions listed and ended on the account page",
  (service) => {
    let orgId: string;

    before(async () => {
      orgId = (await buildOrg(service)).orgId;
    });

    async function person() {
      const userName = `sessions-${Math.random().toString(36).slice(2)}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        password: PASSWORD,
      });
      return { userName, userId };
    }

    /** A browser (`userAgent`) signed in on the account page: its API token and refresh token. */
    async function signedIn(userName: string, userAgent: string) {
      const { publicUrl } = service.config;
      const flow = await profilePageFlow(publicUrl);
      const browser = new SignInBrowser(publicUrl, 'en', { 'user-agent': userAgent });
      const landed = await browser.signIn(flow.url, userName, PASSWORD);
      expect(landed.url).to.match(new RegExp(`^${flow.redirectUri}\\?code=`));
      const tokens = await flow.finish(landed.url);
      expect(tokens.refresh_token, 'a refresh token').to.be.a('string');
      return { token: tokens.access_token, refreshToken: tokens.refresh_token!, flow };
    }

    const list = async (token: string): Promise<Session[]> => {
      const listed = await service.call('POST', `${SESSIONS}/_search`, { token, body: {} });
      expect(listed.status, listed.text).to.equal(200);
      return listed.body.result;
    };

    it('lists each browser with its device, address and time, the caller’s own marked', async () => {
      const { userName } = await person();
      const before = Date.now() - 1000;
      const firefox = await signedIn(userName, FIREFOX);
      await signedIn(userName, CHROME);
      const sessions = await list(firefox.token);
      expect(sessions).to.have.length(2);
      // Both signed in within the same second: the order between them is not theirs to keep.
      const first = sessions.find((session) => session.userAgent === FIREFOX);
      const last = sessions.find((session) => session.userAgent === CHROME);
      expect(first).to.include({ device: 'Firefox on Windows', userAgent: FIREFOX, current: true });
      expect(last).to.include({ device: 'Chrome on Linux', userAgent: CHROME, current: false });
      for (const session of sessions) {
        expect(session.address).to.match(/127\.0\.0\.1$/);
        expect(Date.parse(session.signedInAt)).to.be.within(before, Date.now() + 1000);
        expect(Date.parse(session.lastUsedAt!)).to.be.within(before, Date.now() + 1000);
      }
      const listed = await service.grpc(AUTH, 'ListMyUserSessions', {}, { token: firefox.token });
      expect(listed.code, listed.message).to.equal(0);
      expect(listed.response.result.map((session: Session) => session.id)).to.deep.equal(
        sessions.map((session) => session.id),
      );
    });

    it("ends another browser's session: its refresh token is refused, the caller's still works", async () => {
      const { userName, userId } = await person();
      const firefox = await signedIn(userName, FIREFOX);
      const chrome = await signedIn(userName, CHROME);
      const other = (await list(firefox.token)).find((session) => !session.current)!;
      const ended = await service.call('DELETE', `${SESSIONS}/${other.id}`, {
        token: firefox.token,
      });
      expect(ended.status, ended.text).to.equal(200);
      expect(ended.body.details.resourceOwner).to.equal(orgId);
      expect(await chrome.flow.refresh(chrome.refreshToken)).to.equal('refused: invalid_grant');
      const usedBefore = (await list(firefox.token))[0]!.lastUsedAt!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await firefox.flow.refresh(firefox.refreshToken)).not.to.match(/^refused/);
      const [used] = await list(firefox.token);
      expect(Date.parse(used!.lastUsedAt!), 'a refresh uses the session').to.be.greaterThan(
        Date.parse(usedBefore),
      );
      expect((await list(firefox.token)).map((session) => session.id)).not.to.include(other.id);

      const again = await service.call('DELETE', `${SESSIONS}/${other.id}`, {
        token: firefox.token,
      });
      expect(again.status).to.equal(404);
      expect(again.body.details.at(-1)).to.include({ id: 'SESSION-NOT-FOUND' });
      const events = (await service.events(userId)).filter(
        (event) => event.type === 'user.human.session.ended',
      );
      expect(events.map((event) => event.payload)).to.deep.equal([{ sessionId: other.id }]);
      expect(JSON.stringify(events)).not.to.contain(chrome.refreshToken);
      expect(service.logs.text).not.to.contain(chrome.refreshToken);
      expect(service.logs.text).not.to.contain(chrome.token);
    });

    it("does not end another person's session", async () => {
      const someone = await person();
      const mine = await signedIn(someone.userName, FIREFOX);
      const theirs = await signedIn((await person()).userName, CHROME);
      const [session] = await list(theirs.token);
      const refused = await service.grpcWeb(
        AUTH,
        'EndMyUserSession',
        { id: session!.id },
        { token: mine.token },
      );
      expect(refused.code).to.equal(5);
      expect(await theirs.flow.refresh(theirs.refreshToken)).not.to.match(/^refused/);
    });

    it('ends every other session over gRPC, keeping the current one', async () => {
      const { userName } = await person();
      const firefox = await signedIn(userName, FIREFOX);
      const chrome = await signedIn(userName, CHROME);
      const third = await signedIn(userName, CHROME);
      const ended = await service.grpc(AUTH, 'EndAllMyUserSessions', {}, { token: firefox.token });
      expect(ended.code, ended.message).to.equal(0);
      expect(ended.response.ended).to.equal(2);
      expect(await chrome.flow.refresh(chrome.refreshToken)).to.equal('refused: invalid_grant');
      expect(await third.flow.refresh(third.refreshToken)).to.equal('refused: invalid_grant');
      const left = await list(firefox.token);
      expect(left.map((session) => session.current)).to.deep.equal([true]);
    });
  },
  publicUrlEnv,
);
