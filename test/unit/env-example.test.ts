import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadConfig } from '../../shared/config/config.js';

/** `.env.example` as variables and values. */
function example(): Record<string, string> {
  return Object.fromEntries(
    readFileSync('.env.example', 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
}

describe('.env.example', () => {
  it('names every variable the configuration reads, and nothing else', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    expect(Object.keys(example()).sort()).to.deep.equal([...read].sort());
  });

  it('gives the defaults', () => {
    expect(loadConfig(example())).to.deep.equal(loadConfig({}));
  });
});
