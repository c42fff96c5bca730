import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { requestTypesSources } from '../../services/api/operations/request-types.js';

describe('the request types', () => {
  it('are committed as generated from schemas/requests/ (npm run request-types)', async () => {
    const root = process.cwd();
    const differing = [...(await requestTypesSources(root))]
      .filter(([path, source]) => readFileSync(join(root, path), 'utf8') !== source)
      .map(([path]) => `${path} differs from its schema: run \`npm run request-types\``);
    expect(differing).to.deep.equal([]);
  });

  it('document every field of every request schema', () => {
    const problems: string[] = [];
    const check = (schema: Record<string, any>, path: string): void => {
      for (const [name, property] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
        if (typeof property.description !== 'string' || property.description === '')
          problems.push(`${path}${name}`);
        check(property.items ?? property, `${path}${name}.`);
      }
    };
    const directory = join(process.cwd(), 'schemas/requests');
    for (const file of readdirSync(directory))
      check(JSON.parse(readFileSync(join(directory, file), 'utf8')), `${file}: `);
    expect(problems).to.deep.equal([]);
  });
});
