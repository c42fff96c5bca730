import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The handlers are reused as they are by every transport: none may import one. */
const TRANSPORT_FREE = [
  'services/api/operations',
  'services/api/pipeline',
  'services/api/auth',
  'services/api/validation',
  'services/api/credentials',
  'shared',
];
const FORBIDDEN = [
  /from ['"]express['"]/,
  /from ['"]node:http2?['"]/,
  /from ['"]@grpc\//,
  /\/transports\//,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('architecture', () => {
  it('operations, the pipeline and shared code import no transport', () => {
    const files = TRANSPORT_FREE.flatMap((dir) => sources(join(process.cwd(), dir)));
    expect(files.length).to.be.greaterThan(20);
    const offenders = files.filter((file) =>
      FORBIDDEN.some((pattern) => pattern.test(readFileSync(file, 'utf8'))),
    );
    expect(offenders).to.deep.equal([]);
  });
});
