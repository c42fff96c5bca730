import { expect } from 'chai';
import { failedAttempts } from '../../services/api/accounts/failed-attempts.js';
import { codeState, type StoredCode } from '../../services/api/accounts/initialization-code.js';
import { passkeyName } from '../../services/api/accounts/passkeys/passkey-errors.js';
import { hashOneTimeCode } from '../../shared/credentials/one-time-code.js';
import { memoryFailureCounts } from '../support/memory-failure-counts.js';

describe('the accounts’ rules', () => {
  describe('failed attempts (a name’s and an address’s budget)', () => {
    const attempts = (maxFailures = 3, addressMaxFailures = 5) =>
      failedAttempts({ maxFailures, lockSeconds: 60, addressMaxFailures }, memoryFailureCounts());

    it('locks a name as its last allowed attempt is counted, and keeps the lock if it fails', async () => {
      const budget = attempts();
      for (let n = 0; n < 2; n++) await (await budget.reserve('ada', `a${n}`)).attempt!.failed();
      const last = (await budget.reserve('ada', 'a2')).attempt!;
      expect((await budget.reserve('ada', 'a3')).refused).to.equal('locked');
      expect((await last.failed()).locked).to.be.instanceOf(Date);
      expect((await budget.reserve('ADA ', 'a4')).refused, 'any spelling').to.equal('locked');
    });

    it('lifts the lock when the last allowed attempt passes, and gives its slot back', async () => {
      const budget = attempts();
      for (let n = 0; n < 2; n++) await (await budget.reserve('ada', `a${n}`)).attempt!.failed();
      await (await budget.reserve('ada', 'a2')).attempt!.passed();
      const again = await budget.reserve('ada', 'a3');
      expect(again.refused).to.equal(undefined);
      expect((await again.attempt!.failed()).locked, 'still the last allowed').to.be.instanceOf(
        Date,
      );
    });

    it('starts a name afresh after a sign-in', async () => {
      const budget = attempts();
      for (let n = 0; n < 3; n++) await (await budget.reserve('ada', `a${n}`)).attempt!.failed();
      await budget.signedIn('ada');
      expect((await budget.reserve('ada', 'a3')).refused).to.equal(undefined);
    });

    it('refuses an address past its budget, counting no attempt it refused', async () => {
      const budget = attempts(100, 2);
      for (let n = 0; n < 2; n++) await (await budget.reserve(`n${n}`, 'here')).attempt!.failed();
      for (let n = 0; n < 3; n++)
        expect(await budget.reserve(`m${n}`, 'here')).to.deep.equal({ refused: 'address-blocked' });
      expect((await budget.reserve('m0', 'elsewhere')).refused).to.equal(undefined);
    });
  });

  describe('one-time codes (an activation link’s)', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const stored = (change: Partial<StoredCode> = {}): StoredCode => ({
      id: 'c1',
      codeHash: hashOneTimeCode('the-code'),
      expiresAt: new Date(now.getTime() + 1000),
      usedAt: null,
      ...change,
    });

    it('is valid once: the right code, unused, before its end', () => {
      expect(codeState(stored(), 'the-code', now)).to.equal('valid');
      expect(codeState(stored({ usedAt: now }), 'the-code', now)).to.equal('used');
      expect(codeState(stored({ expiresAt: now }), 'the-code', now)).to.equal('expired');
    });

    it('says nothing of a wrong code but that it is invalid, used or expired alike', () => {
      for (const change of [{}, { usedAt: now }, { expiresAt: now }])
        expect(codeState(stored(change), 'another', now)).to.equal('invalid');
      expect(codeState(undefined, 'the-code', now)).to.equal('invalid');
    });
  });

  describe('a passkey’s name', () => {
    it('is trimmed, or the fallback when none is given', () => {
      expect(passkeyName('  Laptop ', 'x')).to.equal('Laptop');
      expect(passkeyName(undefined, 'Passkey of today')).to.equal('Passkey of today');
    });

    it('is 1 to 100 characters of well-formed text, counted as characters', () => {
      expect(passkeyName('😀'.repeat(100), 'x')).to.have.length(200);
      for (const bad of ['   ', '😀'.repeat(101), 'a\ud800b', 42])
        expect(() => passkeyName(bad, 'x'), String(bad)).to.throw(/name|must/);
    });
  });
});
