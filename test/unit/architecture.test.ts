import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

describe('architecture', () => {
  it('operations, the pipeline, the accounts and shared code import no transport', () => {
    const dirs = [
      'services/api/operations',
      'services/api/pipeline',
      'services/api/auth',
      'services/api/validation',
      'services/api/credentials',
      'services/api/accounts',
      'shared',
    ];
    expect(offenders(dirs, TRANSPORTS)).to.deep.equal([]);
  });

  it('the accounts know no page, no OpenID provider and no user interface', () => {
    const knowing = [
      importing('/login/'),
      importing('/oidc/'),
      importing('/ui/'),
      /from ['"]oidc-provider['"]/,
      /from ['"]koa/,
    ];
    expect(offenders(['services/api/accounts'], knowing)).to.deep.equal([]);
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
});
