import { expect } from 'chai';
import { GroupCommit } from '../../services/worker/consumers/group-commit.js';

describe('GroupCommit', () => {
  /** A run per call of `run`, each ended by the test. */
  const controlled = () => {
    const runs: { items: string[]; end: (error?: Error) => void }[] = [];
    const group = new GroupCommit<string>(
      (items) =>
        new Promise<void>((resolve, reject) =>
          runs.push({ items, end: (error) => (error ? reject(error) : resolve()) }),
        ),
    );
    return { group, runs };
  };
  /** A few loop turns: long enough for a run that is due to have started. */
  const turn = async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('does what is handed in within one loop turn as one run, in the order it came', async () => {
    const { group, runs } = controlled();
    const done = [group.add('a'), group.add('b')];
    // As a fetch's other partitions come: a few promise steps later, in the same turn.
    for (let step = 0; step < 5; step++) await Promise.resolve();
    done.push(group.add('c'));
    await turn();
    expect(runs.map((run) => run.items)).to.deep.equal([['a', 'b', 'c']]);
    runs[0]!.end();
    await Promise.all(done);
  });

  it('starts a run only once the one before it ended, with everything that came meanwhile', async () => {
    const { group, runs } = controlled();
    let firstDone = false;
    const first = group.add('a').then(() => (firstDone = true));
    await turn();
    const later = [group.add('b'), group.add('c')];
    await turn();
    expect(runs.map((run) => run.items)).to.deep.equal([['a']]);

    runs[0]!.end();
    await first;
    await turn();
    expect(firstDone).to.equal(true);
    expect(runs.map((run) => run.items)).to.deep.equal([['a'], ['b', 'c']]);
    runs[1]!.end();
    await Promise.all(later);
  });

  it("gives a failed run's error to each of its callers, and the next run still goes", async () => {
    const { group, runs } = controlled();
    const failing = [group.add('a'), group.add('b')].map((done) =>
      done.then(
        () => 'done',
        (error: Error) => error.message,
      ),
    );
    await turn();
    runs[0]!.end(new Error('deadlock'));
    expect(await Promise.all(failing)).to.deep.equal(['deadlock', 'deadlock']);

    const next = group.add('c');
    await turn();
    expect(runs.map((run) => run.items)).to.deep.equal([['a', 'b'], ['c']]);
    runs[1]!.end();
    await next;
  });
});
