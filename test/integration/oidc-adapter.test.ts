import { expect } from 'chai';
import { databaseAdapter } from '../../services/api/oidc/oidc-adapter.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase('the OpenID provider storage', (service) => {
  const adapter = (model: string) => new (databaseAdapter(service.dataSource))(model);

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

  it('never returns an expired row', async () => {
    await service.dataSource.query(
      "INSERT INTO oidc_payloads (model, id, payload, expires_at) VALUES ('Grant', 'old', '{}', ?)",
      [Math.floor(Date.now() / 1000) - 1],
    );
    expect(await adapter('Grant').find('old')).to.equal(undefined);
  });
});
