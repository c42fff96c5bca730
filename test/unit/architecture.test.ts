import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The files under `dirs` whose text matches any of `patterns`, with the first it matches. */
function offenders(dirs: string[], patterns: RegExp[]): string[] {
  const files = dirs.flatMap((dir) => sources(join(process.cwd(), dir)));
  expect(files.length, dirs.join(', ')).to.be.greaterThan(2);
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = patterns.find((pattern) => pattern.test(text));
    return found ? [`${file.slice(process.cwd().length + 1)}: ${found.source}`] : [];
  });
}

/** An import of a module whose path holds `folder` (`/login/`). */
const importing = (folder: string) => new RegExp(`from ['"][^'"]*${folder}[^'"]*['"]`);

/** Imports of HTTP, gRPC and the transports: what a handler must be reusable without. */
const TRANSPORTS = [
  /from ['"]express['"]/,
  /from ['"]node:http2?['"]/,
  /from ['"]@grpc\//,
  importing('/transports/'),
];

/**
 * The folder a source belongs to, for the folders' one-way dependencies: a part of the API
 * (`services/api/operations`, its subfolders included), another service (`services/worker`) or a
 * part of the shared code (`shared/db`).
 */
function folderOf(path: string): string {
  const parts = relative(process.cwd(), path).split('/');
  return parts.slice(0, parts[0] === 'services' && parts[1] === 'api' ? 3 : 2).join('/');
}

/** Which folder imports which (type imports too), from the relative imports of every source. */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [
    ...sources(join(process.cwd(), 'services')),
    ...sources(join(process.cwd(), 'shared')),
  ]) {
    const from = folderOf(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(
      /(?:from|import\()\s*['"](\.[^'"]+)['"]/g,
    )) {
      const to = folderOf(resolve(dirname(file), target!));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** A path that comes back to where it started, as `a → b → a`, or none. */
function cycleIn(graph: Map<string, Set<string>>): string | undefined {
  const done = new Set<string>();
  const walk = (node: string, path: string[]): string | undefined => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node].join(' → ');
    if (done.has(node)) return undefined;
    for (const next of graph.get(node) ?? []) {
      const found = walk(next, [...path, node]);
      if (found) return found;
    }
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const found = walk(node, []);
    if (found) return found;
  }
  return undefined;
}

describe('architecture', () => {
  it('the folders depend on each other one way: no folder imports one that imports it back', () => {
    const graph = folderImports();
    expect(graph.size, 'folders that import others').to.be.greaterThan(10);
    expect(cycleIn(graph)).to.equal(undefined);
    // The check sees a cycle when there is one.
    expect(
      cycleIn(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).to.equal('a → b → a');
  });

  it('operations, the pipeline, the accounts and shared code import no transport', () => {
    const dirs = [
      'services/api/operations',
      'services/api/queries',
      'services/api/pipeline',
      'services/api/auth',
      'services/api/validation',
      'services/api/credentials',
      'services/api/accounts',
      'services/api/brokering',
      'shared',
    ];
    expect(offenders(dirs, TRANSPORTS)).to.deep.equal([]);
  });

  it('the accounts and the brokering know no page, no OpenID provider and no user interface', () => {
    const knowing = [
      importing('/login/'),
      importing('/oidc/'),
      importing('/ui/'),
      /from ['"]oidc-provider['"]/,
      /from ['"]koa/,
    ];
    expect(offenders(['services/api/accounts', 'services/api/brokering'], knowing)).to.deep.equal(
      [],
    );
  });

  it('the OpenID provider knows no page: they are handed to it', () => {
    expect(
      offenders(['services/api/oidc'], [importing('/login/'), importing('/ui/')]),
    ).to.deep.equal([]);
  });

  it('the pages hold no domain: they read and write through the accounts', () => {
    const domain = [
      /\.query\(/,
      /getRepository\(/,
      /shared\/db\//,
      /shared\/events\//,
      /^import (?!type )[^;]*from ['"]typeorm['"]/m,
    ];
    expect(offenders(['services/api/login'], domain)).to.deep.equal([]);
  });

  it('the read side knows no command: it imports no operation, account or event writer', () => {
    const commands = [importing('/operations/'), importing('/accounts/'), /shared\/events\/record/];
    expect(offenders(['services/api/queries'], commands)).to.deep.equal([]);
  });
});
