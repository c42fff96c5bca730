import { expect } from 'chai';
import { databaseAdapter } from '../../services/api/oidc/oidc-adapter.js';
import { storedIdOf } from '../../services/api/oidc/stored-ids.js';
import { secretKeyOf } from '../../shared/credentials/secret-key.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase('the OpenID provider storage', (service) => {
  const adapter = (model: string) =>
    new (databaseAdapter(service.dataSource, {
      storedId: storedIdOf(secretKeyOf(service.config)),
    }))(model);

  it('finds what it stored by id, uid and grant, until consumed or revoked', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.findByUid('u1')).to.deep.equal({ uid: 'u1', accountId: 'a' });

    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))!.consumed).to.be.a('number');
    await adapter('AccessToken').upsert('t1', { grantId: 'g1' }, 60);
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).to.equal(undefined);
    expect(await adapter('AccessToken').find('t1')).to.equal(undefined);
    expect(await sessions.find('s1')).to.not.equal(undefined);
  });

  it('files each artifact under its keyed hash, with no id in the row, and answers it as the jti', async () => {
    const tokens = adapter('AccessToken');
    await tokens.upsert('t2', { jti: 't2', accountId: 'a', grantId: 'g2' }, 60);
    const rows: { id: string; payload: string }[] = await service.dataSource.query(
      "SELECT id, payload FROM oidc_payloads WHERE model = 'AccessToken' AND grant_id = 'g2'",
    );
    expect(rows).to.have.length(1);
    expect(rows[0]!.id).to.equal(storedIdOf(secretKeyOf(service.config))('t2'));
    expect(JSON.parse(rows[0]!.payload)).to.deep.equal({ accountId: 'a', grantId: 'g2' });
    expect(await tokens.find('t2')).to.deep.equal({ jti: 't2', accountId: 'a', grantId: 'g2' });
    expect(await tokens.find(rows[0]!.id), 'the stored id is no token').to.equal(undefined);
  });

  it('never returns an expired row', async () => {
    await service.dataSource.query(
      "INSERT INTO oidc_payloads (model, id, payload, expires_at) VALUES ('Grant', ?, '{}', ?)",
      [storedIdOf(secretKeyOf(service.config))('old'), Math.floor(Date.now() / 1000) - 1],
    );
    expect(await adapter('Grant').find('old')).to.equal(undefined);
  });
});
