import { expect } from 'chai';
import { AuthCache } from '../../services/api/auth/auth-cache.js';

describe('AuthCache', () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads, loads: () => loads };
  };

  it('remembers a value for its time, and not past what the value says', async () => {
    const cache = new AuthCache(60_000);
    const kept = counting();
    await cache.remember('a', kept.load, () => Date.now() + 1000);
    await cache.remember('a', kept.load, () => Date.now() + 1000);
    expect(kept.loads()).to.equal(1);

    // Less than a millisecond left (a fractional exp): not kept at all, never kept forever.
    const ending = counting();
    await cache.remember('b', ending.load, () => Date.now() + 0.5);
    await cache.remember('b', ending.load, () => Date.now() + 0.5);
    expect(ending.loads()).to.equal(2);

    const expired = counting();
    await cache.remember('c', expired.load, () => Date.now() - 1);
    await cache.remember('c', expired.load, () => Date.now() - 1);
    expect(expired.loads()).to.equal(2);
  });

  it('keeps neither what is not worth keeping nor a failure', async () => {
    const cache = new AuthCache(60_000);
    const unworthy = counting();
    await cache.remember('d', unworthy.load, undefined, () => false);
    await cache.remember('d', unworthy.load, undefined, () => false);
    expect(unworthy.loads()).to.equal(2);

    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('refused');
    };
    await cache.remember('e', failing).catch(() => undefined);
    await cache.remember('e', failing).catch(() => undefined);
    expect(calls).to.equal(2);
  });

  it('lets calls that miss together share one load, and one failure', async () => {
    const cache = new AuthCache(60_000);
    const kept = counting();
    const values = await Promise.all(
      Array.from({ length: 32 }, () => cache.remember('g', kept.load)),
    );
    expect(kept.loads()).to.equal(1);
    expect(values).to.deep.equal(Array.from({ length: 32 }, () => 1));

    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('refused');
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => cache.remember('h', failing)),
    );
    expect(calls).to.equal(1);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).to.equal(true);
    await cache.remember('h', failing).catch(() => undefined);
    expect(calls).to.equal(2);

    // What is not worth keeping is shared while it loads, and loaded again after.
    const unworthy = counting();
    await Promise.all([1, 2].map(() => cache.remember('i', unworthy.load, undefined, () => false)));
    await cache.remember('i', unworthy.load, undefined, () => false);
    expect(unworthy.loads()).to.equal(2);
  });

  it('remembers nothing at 0', async () => {
    const cache = new AuthCache(0);
    const kept = counting();
    await cache.remember('f', kept.load);
    await cache.remember('f', kept.load);
    expect(kept.loads()).to.equal(2);
  });
});
