import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import type { TestService } from '../support/test-service.js';

const AUTH = 'identity.auth.v1.AuthService';
const PATH = '/auth/v1/users/me/passkeys';
const now = () => Math.floor(Date.now() / 1000);

/** The types of the user's events from `position` on. */
async function eventTypes(service: TestService, userId: string): Promise<string[]> {
  return (await service.events(userId)).map((event) => event.type);
}

describeOnEachDatabase('the passkey operations over JSON, gRPC and gRPC-web', (service) => {
  let owner: { userId: string; token: string };
  let fresh: string;
  let authenticator: SoftwareAuthenticator;

  before(async () => {
    owner = await buildOwner(service);
    fresh = await service.token(owner.userId, { claims: { auth_time: now() } });
    const { origin, hostname } = new URL(service.config.publicUrl);
    authenticator = new SoftwareAuthenticator(origin, hostname);
  });

  /** A passkey added over JSON, as the profile page adds one: start, the answer, finish. */
  async function addPasskey(name: string): Promise<{ id: string; name: string }> {
    const started = await service.call('POST', `${PATH}/_start-registration`, { token: fresh });
    expect(started.status, started.text).to.equal(200);
    const credential = authenticator.register(started.body.options);
    const finished = await service.call('POST', `${PATH}/_finish-registration`, {
      token: fresh,
      body: { ceremonyId: started.body.ceremonyId, credential, name },
    });
    expect(finished.status, finished.text).to.equal(200);
    return finished.body.passkey;
  }

  it('adds a passkey over JSON, answering the WebAuthn options as a JSON object', async () => {
    const started = await service.call('POST', `${PATH}/_start-registration`, { token: fresh });
    expect(started.body.options).to.deep.include({ attestation: 'none' });
    expect(started.body.options.rp).to.deep.equal({
      id: new URL(service.config.publicUrl).hostname,
      name: service.config.passkeys.rpName,
    });
    const passkey = await addPasskey('Laptop');
    expect(passkey).to.include({ name: 'Laptop', backedUp: false });
    expect(passkey).to.have.all.keys('id', 'name', 'createdAt', 'backedUp');
    expect(await eventTypes(service, owner.userId)).to.include('user.human.passkey.added');
  });

  for (const transport of ['grpc', 'grpcWeb'] as const) {
    it(`lists, renames and removes a passkey over ${transport}, each change an event`, async () => {
      const call = (method: string, request: object) =>
        service[transport](AUTH, method, request, { token: owner.token });
      const added = await addPasskey(`Phone ${transport}`);

      const listed = await call('ListMyPasskeys', {});
      expect(listed.code, listed.message).to.equal(0);
      const mine = (listed.response.passkeys as { id: string; name: string }[]).find(
        (passkey) => passkey.id === added.id,
      );
      expect(mine).to.deep.include({ name: `Phone ${transport}` });

      const renamed = await call('RenameMyPasskey', { id: added.id, name: ' Old phone ' });
      expect(renamed.code, renamed.message).to.equal(0);
      expect(renamed.response.details.resourceOwner).to.be.a('string');
      const after = (await call('ListMyPasskeys', {})).response.passkeys as { id: string }[];
      expect(after.find((passkey) => passkey.id === added.id)).to.deep.include({
        name: 'Old phone',
      });

      const removed = await call('RemoveMyPasskey', { id: added.id });
      expect(removed.code, removed.message).to.equal(0);
      const gone = (await call('ListMyPasskeys', {})).response.passkeys ?? [];
      expect(gone.map((passkey: { id: string }) => passkey.id)).not.to.include(added.id);
      const again = await call('RemoveMyPasskey', { id: added.id });
      expect(again.code).to.equal(5);
      expect(again.details.at(-1)).to.include({ id: 'PASSKEY-NOT-FOUND' });

      const types = await eventTypes(service, owner.userId);
      expect(types).to.include.members([
        'user.human.passkey.renamed',
        'user.human.passkey.removed',
      ]);
    });
  }

  it('asks over gRPC for a recent sign-in before it begins adding one', async () => {
    const stale = await service.token(owner.userId, { claims: { auth_time: now() - 3600 } });
    const started = await service.grpc(AUTH, 'StartMyPasskeyRegistration', {}, { token: stale });
    expect(started.code).to.equal(16);
    expect(started.details.at(-1)).to.include({ id: 'REAUTHENTICATION-REQUIRED' });
    const anonymous = await service.grpcWeb(AUTH, 'ListMyPasskeys', {}, {});
    expect(anonymous.code).to.equal(16);
  });
});
