import { expect } from 'chai';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { MachineKey, MachineUser, PersonalAccessToken } from '../../shared/db/entities/index.js';
import {
  openClientSecret,
  tokenSha256,
} from '../../services/api/credentials/machine-credentials.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMachine, manageMachine, type BuiltMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';
import { issuedToken, tokensOf } from '../support/issued-tokens.js';

/** A public key as AddMachineKey takes it: its PEM (SubjectPublicKeyInfo), base64. */
const spkiOf = ({ publicKey }: { publicKey: KeyObject }): string =>
  Buffer.from(publicKey.export({ type: 'spki', format: 'pem' })).toString('base64');

/**
 * A machine user's credentials over JSON: its client secret (AddMachineSecret,
 * RemoveMachineSecret), keys (AddMachineKey, RemoveMachineKey) and personal access tokens
 * (AddPersonalAccessToken, RemovePersonalAccessToken): answered once, kept sealed or hashed, their
 * events without them, and what is refused.
 */
describeOnEachDatabase(
  'machine users’ credentials: secret, keys, personal access tokens',
  (service) => {
    let machine: BuiltMachine;

    before(async () => {
      machine = await buildMachine(service);
    });

    const call = (method: string, path: string, body?: object) =>
      manageMachine(service, machine, method, path, body);
    const lastEvent = async () => (await service.events(machine.userId)).at(-1)!;
    const user = () =>
      service.dataSource.getRepository(MachineUser).findOneByOrFail({ id: machine.userId });

    it('makes a client secret, sealed; a new one replaces it and revokes its tokens; removing it does too', async () => {
      const first = await call('PUT', '/secret', {});
      expect(first.status, first.text).to.equal(200);
      expect(first.body.clientId).to.equal(machine.userId);
      expect(first.body.clientSecret).to.match(/^[A-Za-z0-9_-]{43}$/);
      const sealed = (await user()).secretEncrypted!;
      expect(openClientSecret(service.config, sealed)).to.equal(first.body.clientSecret);
      expect(await lastEvent()).to.deep.include({
        type: 'user.machine.secret.added',
        payload: {},
        position: first.body.details.sequence,
      });
      await issuedToken(service, machine.userId);
      const second = await call('PUT', '/secret', {});
      expect(second.body.clientSecret).to.not.equal(first.body.clientSecret);
      expect(openClientSecret(service.config, (await user()).secretEncrypted!)).to.equal(
        second.body.clientSecret,
      );
      expect(await tokensOf(service, machine.userId), 'the earlier secret’s tokens').to.equal(0);

      await issuedToken(service, machine.userId);
      const removed = await call('DELETE', '/secret');
      expect(removed.status, removed.text).to.equal(200);
      expect((await user()).secretEncrypted).to.equal(null);
      expect(await tokensOf(service, machine.userId)).to.equal(0);
      expect((await lastEvent()).type).to.equal('user.machine.secret.removed');
      expectErrorOf(await call('DELETE', '/secret'), 'MACHINE-SECRET-NOT-FOUND');
    });

    it('makes an RSA pair and answers its key file once, keeping the public key with its kid', async () => {
      const added = await call('POST', '/keys', { type: 'KEY_TYPE_JSON' });
      expect(added.status, added.text).to.equal(200);
      const { keyId } = added.body;
      const file = JSON.parse(Buffer.from(added.body.keyDetails, 'base64').toString('utf8'));
      expect(file).to.deep.include({
        type: 'serviceaccount',
        keyId,
        userId: machine.userId,
        expirationDate: '9999-12-31T23:59:59.000Z',
        private_key_id: keyId,
        client_id: machine.userId,
        client_email: machine.userId,
        token_uri: `${service.config.publicUrl}/oidc/token`,
      });
      expect(file.key)
        .to.match(/^-----BEGIN RSA PRIVATE KEY-----\n/)
        .and.equal(file.private_key);
      const stored = await service.dataSource
        .getRepository(MachineKey)
        .findOneByOrFail({ id: keyId });
      const publicJwk = createPublicKey(file.key).export({ format: 'jwk' });
      expect(stored.publicJwk).to.deep.equal({
        ...publicJwk,
        kid: keyId,
        alg: 'RS256',
        use: 'sig',
      });
      expect(stored.expirationDate.toISOString()).to.equal('9999-12-31T23:59:59.000Z');
      expect(await lastEvent()).to.deep.include({
        type: 'user.machine.key.added',
        payload: { keyId, expirationDate: '9999-12-31T23:59:59.000Z' },
        position: added.body.details.sequence,
      });
    });

    it('keeps a public key the caller brings, with the algorithm its kind signs with', async () => {
      const expirationDate = new Date(Date.now() + 86_400_000).toISOString();
      for (const [publicKey, alg] of [
        [spkiOf(generateKeyPairSync('rsa', { modulusLength: 3072 })), 'RS256'],
        [spkiOf(generateKeyPairSync('ec', { namedCurve: 'P-256' })), 'ES256'],
        [spkiOf(generateKeyPairSync('ec', { namedCurve: 'P-384' })), 'ES384'],
        [spkiOf(generateKeyPairSync('ed25519')), 'EdDSA'],
      ] as const) {
        const added = await call('POST', '/keys', { publicKey, expirationDate });
        expect(added.status, added.text).to.equal(200);
        expect(added.body).to.not.have.property('keyDetails');
        const { keyId } = added.body;
        const stored = await service.dataSource
          .getRepository(MachineKey)
          .findOneByOrFail({ id: keyId });
        const pem = Buffer.from(publicKey, 'base64').toString();
        expect(stored.publicJwk).to.deep.equal({
          ...createPublicKey(pem).export({ format: 'jwk' }),
          kid: keyId,
          alg,
          use: 'sig',
        });
        expect(stored.expirationDate.toISOString()).to.equal(expirationDate);
      }
    });

    it('refuses a key that is no public key of the kinds taken, or an expiry not in the future', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const before = await service.count('machine_keys');
      for (const publicKey of [
        spkiOf(generateKeyPairSync('rsa', { modulusLength: 1024 })),
        spkiOf(generateKeyPairSync('ec', { namedCurve: 'P-521' })),
        spkiOf(generateKeyPairSync('ec', { namedCurve: 'secp256k1' })),
        Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' })).toString('base64'),
        Buffer.from('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n').toString(
          'base64',
        ),
      ])
        expectErrorOf(await call('POST', '/keys', { publicKey }), 'REQUEST-INVALID', ['publicKey']);
      for (const expirationDate of ['2020-01-01T00:00:00Z', new Date().toISOString()])
        expectErrorOf(await call('POST', '/keys', { expirationDate }), 'REQUEST-INVALID', [
          'expirationDate',
        ]);
      for (const expirationDate of [
        'tomorrow',
        '2030-02-30T00:00:00Z',
        '9999-12-31T23:59:59-01:00',
      ])
        expectErrorOf(await call('POST', '/pats', { expirationDate }), 'REQUEST-INVALID', [
          'expirationDate',
        ]);
      expectErrorOf(await call('POST', '/keys', { type: 'KEY_TYPE_P12' }), 'REQUEST-INVALID', [
        'type',
      ]);
      expect(await service.count('machine_keys')).to.equal(before);
    });

    it('removes a key and revokes the tokens; an unknown one, or another user’s, is not found', async () => {
      const { keyId } = (await call('POST', '/keys', {})).body;
      const other = await buildMachine(service, { owner: machine.owner });
      const othersKey = (await manageMachine(service, other, 'POST', '/keys', {})).body.keyId;
      await issuedToken(service, machine.userId);
      const removed = await call('DELETE', `/keys/${keyId}`);
      expect(removed.status, removed.text).to.equal(200);
      expect(await service.count('machine_keys', 'id = ?', [keyId])).to.equal(0);
      expect(await tokensOf(service, machine.userId)).to.equal(0);
      expect(await lastEvent()).to.deep.include({
        type: 'user.machine.key.removed',
        payload: { keyId },
      });
      for (const id of [keyId, othersKey, 'none'])
        expectErrorOf(await call('DELETE', `/keys/${id}`), 'MACHINE-KEY-NOT-FOUND');
    });

    it('makes a personal access token, kept as its SHA-256 only, and removes it', async () => {
      const expirationDate = '2099-06-30T12:00:00.000Z';
      const added = await call('POST', '/pats', { expirationDate });
      expect(added.status, added.text).to.equal(200);
      const { tokenId, token } = added.body;
      expect(token).to.match(/^pat_[A-Za-z0-9_-]{43}$/);
      const repository = service.dataSource.getRepository(PersonalAccessToken);
      const stored = await repository.findOneByOrFail({ id: tokenId });
      expect(stored).to.deep.include({ userId: machine.userId, tokenSha256: tokenSha256(token) });
      expect(stored.expirationDate.toISOString()).to.equal(expirationDate);
      expect(await lastEvent()).to.deep.include({
        type: 'user.pat.added',
        payload: { tokenId, expirationDate },
        position: added.body.details.sequence,
      });
      const forever = (await call('POST', '/pats', {})).body.tokenId;
      const kept = await repository.findOneByOrFail({ id: forever });
      expect(kept.expirationDate.toISOString()).to.equal('9999-12-31T23:59:59.000Z');

      const removed = await call('DELETE', `/pats/${tokenId}`);
      expect(removed.status, removed.text).to.equal(200);
      expect(await repository.countBy({ id: tokenId })).to.equal(0);
      expect(await lastEvent()).to.deep.include({ type: 'user.pat.removed', payload: { tokenId } });
      expectErrorOf(await call('DELETE', `/pats/${tokenId}`), 'PERSONAL-ACCESS-TOKEN-NOT-FOUND');
    });

    it('finds no machine user of another organization for any credential operation', async () => {
      const stranger = { ...machine, userId: (await buildMachine(service)).userId };
      for (const [method, path] of [
        ['PUT', '/secret'],
        ['DELETE', '/secret'],
        ['POST', '/keys'],
        ['DELETE', '/keys/k'],
        ['POST', '/pats'],
        ['DELETE', '/pats/t'],
      ] as const) {
        const body = method === 'DELETE' ? undefined : {};
        const response = await manageMachine(service, stranger, method, path, body);
        expectErrorOf(response, 'MACHINE-USER-NOT-FOUND');
      }
    });
  },
);
