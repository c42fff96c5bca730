import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  REQUEST_TYPES_FILE,
  requestTypesSource,
} from '../../services/api/operations/request-types.js';

describe('the request types', () => {
  it('are committed as generated from schemas/requests/ (npm run request-types)', async () => {
    const root = process.cwd();
    expect(
      readFileSync(join(root, REQUEST_TYPES_FILE), 'utf8') === (await requestTypesSource(root)),
      `${REQUEST_TYPES_FILE} differs from the schemas: run \`npm run request-types\``,
    ).to.equal(true);
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
