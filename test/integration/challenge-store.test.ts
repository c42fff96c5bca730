import { expect } from 'chai';
import { databaseChallengeStore } from '../../services/api/accounts/passkeys/challenge-store.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase('the passkeys’ challenge store', (service) => {
  it('gives a ceremony to one of ten answers that take it at once, and to none after', async () => {
    const store = databaseChallengeStore(service.dataSource);
    const id = await store.keep({ kind: 'registration', challenge: 'c' }, 60);
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => store.take<{ kind: string }>(id, () => true)),
    );
    expect(taken.filter(Boolean)).to.deep.equal([{ kind: 'registration', challenge: 'c' }]);
    expect(await store.take(id, () => true)).to.equal(undefined);
  });

  it('keeps a ceremony another kind of answer asks for, and gives none past its time', async () => {
    const store = databaseChallengeStore(service.dataSource);
    const id = await store.keep({ kind: 'sign-in' }, 60);
    expect(await store.take<{ kind: string }>(id, (kept) => kept.kind === 'registration')).to.equal(
      undefined,
    );
    expect(await store.take(id, () => true)).to.deep.equal({ kind: 'sign-in' });
    const late = await store.keep({ kind: 'sign-in' }, 60);
    await service.dataSource.query('UPDATE passkey_ceremonies SET expires_at = 1 WHERE id = ?', [
      late,
    ]);
    expect(await store.take(late, () => true)).to.equal(undefined);
  });
});
