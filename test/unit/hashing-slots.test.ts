import { expect } from 'chai';
import { inHashingSlot } from '../../services/api/credentials/password-hash.js';

describe('hashing slots (PASSWORD_HASH_CONCURRENCY)', () => {
  for (const concurrency of [1, 2]) {
    it(`runs at most ${concurrency} hash${concurrency > 1 ? 'es' : ''} at once, and every one`, async () => {
      let running = 0;
      let most = 0;
      const hash = async (n: number) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return n * 2;
      };
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, n) => inHashingSlot(concurrency, () => hash(n))),
      );
      expect(results).to.deep.equal([0, 2, 4, 6, 8, 10, 12, 14]);
      expect(most).to.equal(concurrency);
    });
  }
});
